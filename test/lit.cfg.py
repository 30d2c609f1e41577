# lit configuration for the TileIR test suite.
import glob
import os
import shlex
import shutil
import sys

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
config.substitutions.append(("%python", shlex.quote(sys.executable)))
config.substitutions.append(("%examples", os.path.join(config.tileir_src_root, "examples")))
config.substitutions.append(("%tileir_obj", config.tileir_obj_root))

# `ptxas` is optional: tests that assemble PTX say `REQUIRES: ptxas`.
ptxas = config.ptxas if config.ptxas and not config.ptxas.endswith("NOTFOUND") else shutil.which("ptxas")
if ptxas and os.path.exists(ptxas):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", ptxas))
# NVIDIA's `tileirdisasm` (pip nvidia-cuda-tileiras; utils/cutile/setup.sh
# installs it into build/cutile-venv) checks that it reads what we write.
tileirdisasm = shutil.which("tileirdisasm") or next(iter(sorted(glob.glob(
    os.path.join(config.tileir_obj_root, "cutile-venv", "lib", "python*",
                 "site-packages", "nvidia", "cu*", "bin", "tileirdisasm")))), None)
if tileirdisasm:
    config.available_features.add("tileirdisasm")
    config.substitutions.append(("%tileirdisasm", tileirdisasm))
if config.testing_ops in ("ON", "1", "TRUE", "YES"):
    config.available_features.add("testing-ops")

# The embedding test (test/Embedding) installs this build tree with CMake and
# builds an out-of-tree project against the installed package, with the
# compilers, launcher, linker and generator of this build.
if config.cmake_command and os.path.exists(config.cmake_command):
    config.available_features.add("embedding")
    args = ["-G", config.cmake_generator,
            "-DCMAKE_C_COMPILER=" + config.c_compiler,
            "-DCMAKE_CXX_COMPILER=" + config.cxx_compiler]
    if config.cmake_make_program:
        args.append("-DCMAKE_MAKE_PROGRAM=" + config.cmake_make_program)
    if config.compiler_launcher:
        args += ["-DCMAKE_C_COMPILER_LAUNCHER=" + config.compiler_launcher,
                 "-DCMAKE_CXX_COMPILER_LAUNCHER=" + config.compiler_launcher]
    link_flags = []
    if config.llvm_use_linker:
        link_flags.append("-fuse-ld=" + config.llvm_use_linker)
    # A sanitized TileIR (utils/sanitize.sh) needs the sanitizers' runtimes
    # in the programs that link it.
    if config.sanitize in ("ON", "1", "TRUE", "YES"):
        link_flags.append("-fsanitize=address,undefined")
    if link_flags:
        args.append("-DCMAKE_EXE_LINKER_FLAGS=" + " ".join(link_flags))
    config.substitutions.append(("%cmake", shlex.quote(config.cmake_command)))
    config.substitutions.append(
        ("%embedding_cmake_args", " ".join(shlex.quote(a) for a in args)))
