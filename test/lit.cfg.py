# lit configuration for the TileIR test suite.
import os
import shutil

import lit.formats

config.name = "TileIR"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py", "CMakeLists.txt"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tileir_obj_root, "test")

path = os.pathsep.join([config.tileir_tools_dir, config.llvm_tools_dir,
                        config.environment.get("PATH", os.environ.get("PATH", ""))])
config.environment["PATH"] = path
config.substitutions.append(("%tileir_src", config.tileir_src_root))
config.substitutions.append(("%examples", os.path.join(config.tileir_src_root, "examples")))

# `ptxas` is optional: tests that assemble PTX say `REQUIRES: ptxas`.
ptxas = config.ptxas if config.ptxas and not config.ptxas.endswith("NOTFOUND") else shutil.which("ptxas")
if ptxas and os.path.exists(ptxas):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", ptxas))
if config.testing_ops in ("ON", "1", "TRUE", "YES"):
    config.available_features.add("testing-ops")
