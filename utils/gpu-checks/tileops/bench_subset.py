"""bench_workloads.py `make` for a subset, optionally with spec options (a sweep of the cost rule):

  python3 bench_subset.py OUTDIR OPS DTYPES [key=value ...]
  e.g. bench_subset.py v_npt8 sin,erf f16 npt=8   (then: bench_workloads.py run v_npt8 on the GPU)

OPS and DTYPES are comma-separated; key=value pairs (threads, npt) are added to every spec.
TILEIR_TOOLS_DIR selects the tileops-build to use (tileir.ops.find_tool).
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import bench_workloads as B  # noqa: E402

if __name__ == "__main__":
    out, ops, dts = sys.argv[1], set(sys.argv[2].split(",")), set(sys.argv[3].split(","))
    extra = {k: int(v) for k, v in (kv.split("=", 1) for kv in sys.argv[4:])}
    every = B.specs
    B.specs = lambda: [(n, o, d, sh, {**p, **extra}) for n, o, d, sh, p in every() if o in ops and d in dts]
    B.make(out)
