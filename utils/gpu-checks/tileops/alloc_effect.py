"""Does a fresh output per call change a kernel's device time? TileIR (a bench_workloads build) and the
Triton reference, each with a preallocated and with a fresh output per call, and torch eager,
timed interleaved (bench_workloads.Timer.interleaved, paired ratios vs TileIR with a preallocated output).

  python3 alloc_effect.py OUTDIR [op_dtype ...]   (on the GPU; OUTDIR from bench_workloads.py make)
"""
import json
import os
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "python"))
import check as C  # noqa: E402


def main(outdir, which):
    import torch
    from bench_workloads import Timer, paired
    from tileir.module import Module
    from tileir.ops import load_module
    meta = json.load(open(os.path.join(outdir, "specs.json")))
    timer, triton = Timer(torch), C._triton_ops()
    gen = torch.Generator(device="cuda").manual_seed(0)
    rounds = int(os.environ.get("ROUNDS", "60"))
    for name, op, dt, shapes, params in meta["specs"]:
        if f"{op}_{dt}" not in which or not name.startswith("L_"):
            continue
        ptx, module_plans = load_module(os.path.join(outdir, "ptx", f"{op}.ptx"))
        plan = module_plans[name]
        k, g = getattr(Module.from_ptx(ptx), name), plan["grid"]
        ins = C.make_inputs(torch, op, dt, shapes, gen)
        odt = torch.bool if plan["out_dtype"] == "bool" else C.torch_dtype(torch, dt)
        shp = C.out_shape(torch, op, shapes, params)
        out, out2 = (torch.empty(shp, dtype=odt, device="cuda") for _ in range(2))
        fns = {"tileir_prealloc": lambda: k.launch(g, *ins, out),
               "tileir_fresh": lambda: k.launch(g, *ins, torch.empty(shp, dtype=odt, device="cuda")),
               "eager": C.eager(torch, op, ins, params)}
        if triton and op in triton:
            fns["triton_prealloc"] = lambda: triton[op](ins, out2)
            fns["triton_fresh"] = lambda: triton[op](ins, torch.empty(shp, dtype=odt, device="cuda"))
        per = dict(zip(fns, timer.interleaved(list(fns.values()), rounds)))
        base = per["tileir_prealloc"]
        print(f"{op} {dt} {shapes[0]}: tileir_prealloc {statistics.median(base) * 1e3:.2f} us; " +
              ", ".join(f"{n} {statistics.median(v) * 1e3:.2f} us ({paired(base, v):.3f}x)"
                        for n, v in per.items() if n != "tileir_prealloc"), flush=True)
        del ins, out, out2
        torch.cuda.empty_cache()


if __name__ == "__main__":
    main(sys.argv[1], set(sys.argv[2:]) or {"add_f32", "add_f16", "relu_f32", "hardswish_f32", "bitwise_not_i32"})
