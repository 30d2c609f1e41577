"""Prints one spec line per op x dtype: every op of the table (tileir.ops.OPS, from
tileops-build --list-ops=json) x (f32, f16, bf16) (bitwise ops: i32, i8, bool), at TileOPs'
benchmark shapes. Used to time `tileops-build` on all of them."""
import sys

sys.path.insert(0, __file__.rsplit("/utils/", 1)[0] + "/python")
from tileir.ops import OPS  # noqa: E402

SHAPES = {"unary_math": [[4096, 4096]], "activation": [[2048, 4096]], "binary_arith": [[2048, 4096], [2048, 4096]],
          "comparison": [[2048, 4096], [2048, 4096]], "logical": [[2048, 4096], [2048, 4096]],
          "bitwise": [[2048, 4096], [2048, 4096]], "fused_gated": [[2048, 28672]],
          "rope": [[1, 8192, 32, 128]], "dropout": [[1024, 4096]], "special": [[4096, 4096]]}
for op, (family, n_in, kinds, _) in OPS.items():
    dtypes = ["f32", "f16", "bf16"] if "f" in kinds else ["i32", "i8", "bool"]
    for dt in dtypes:
        if family in ("alibi", "sinusoidal"):
            extra = "num_heads=32 seq_len=2048" if family == "alibi" else "seq_len=2048 d_model=4096"
            print(f"{op} {dt} {extra}")
            continue
        if op == "prelu":
            shapes = [[16, 256, 56, 56], [256]]
        elif op == "where":
            shapes = [[4096, 4096]] * 3
        elif op == "masked_fill":
            shapes = [[4096, 4096], [4096, 4096]]
        else:
            shapes = SHAPES[family][:n_in] if family not in ("rope", "dropout", "fused_gated") else SHAPES[family]
            if n_in == 1:
                shapes = shapes[:1]
        extra = " min=-1 max=1" if op == "clamp" else ""
        print(f"{op} {dt} {','.join('x'.join(map(str, s)) for s in shapes)}{extra}")
