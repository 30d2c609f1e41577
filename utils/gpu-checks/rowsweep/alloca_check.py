import os, re, sys, numpy as np, torch, cupy as cp
# TILEIR_CHECK_SMALL=1 (utils/gpu-checks/sanitize.sh): up to 4096 blocks, no timing.
small = os.environ.get("TILEIR_CHECK_SMALL") == "1"
src = open("alloca.ptx").read()
m = re.search(r"// tileir.kernel (\w+) .*reqntid=(\d+)", src)
fn = cp.RawModule(path="alloca.ptx").get_function(m.group(1)); nt = int(m.group(2))
ok = True
for blocks in (1, 7, 4096) if small else (1, 7, 4096, 65536):
    x = torch.randn(blocks, 128, device="cuda"); y = torch.full_like(x, float("nan"))
    fn((blocks,), (nt,), (np.uint64(x.data_ptr()), np.uint64(y.data_ptr())))
    torch.cuda.synchronize()
    good = torch.equal(y, x.flip(1)); ok &= good
    print(f"alloca rev_blocks blocks={blocks}: {'ok' if good else 'FAIL'}")
if small:
    sys.exit(0 if ok else 1)
s = torch.cuda.Event(enable_timing=True); e = torch.cuda.Event(enable_timing=True)
x = torch.randn(65536, 128, device="cuda"); y = torch.empty_like(x)
s.record(); fn((65536,), (nt,), (np.uint64(x.data_ptr()), np.uint64(y.data_ptr()))); e.record(); e.synchronize()
print(f"alloca: 65536 blocks (one malloc/free each) {s.elapsed_time(e):.3f} ms; all ok: {ok}")
sys.exit(0 if ok else 1)
