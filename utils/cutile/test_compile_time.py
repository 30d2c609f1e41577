"""CPU-only tests of compile_time.py: one signature per distinct kernel of the
suite, specialized as cuTile specializes the suite's tensors, and the timing
of a compiler that fails.

    python -m pytest utils/cutile/test_compile_time.py -q
"""
import os
import sys
import types

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import compile_time  # noqa: E402
import run_suite  # noqa: E402


def fake_api():
    """Stand-ins for cuda.tile's constraint classes that record their arguments."""
    ct = types.SimpleNamespace(float16="f16", bfloat16="bf16", float32="f32", int32="i32",
                               float8_e4m3fn="e4m3", float8_e5m2="e5m2")

    def record(kind):
        return lambda *a, **k: (kind, a, k)
    return ct, record("array"), record("scalar"), record("signature")


def test_one_signature_per_distinct_kernel():
    sigs = compile_time.signatures(*fake_api(), cc="cc")
    stems = set(sigs)
    # Matmul cases differ in size only: one kernel per layout, dtype and tile.
    # (Sizes that 16 does not divide are kernels of their own.)
    matmuls = {(p["layout"], p["dtype"], p["tiles"], p["m"] % 16 == 0)
               for _, p in run_suite.matmul_cases()}
    assert sum(s.startswith("matmul_") for s in stems) == len(matmuls)
    assert "matmul_nn_float16_128x128x128_1000" in stems
    # Attention: not per length.
    attn = {(p["causal"], p["dtype"], p["d"], p["tile_m"], p["tile_n"], p.get("occupancy"),
             p.get("group")) for _, p in run_suite.attention_cases()}
    assert sum(s.startswith("attention_") for s in stems) == len(attn)
    assert {"transpose_float16_64x64", "transpose_float32_64x64"} <= stems


def test_occupancy_cases_export_their_hint():
    sigs = compile_time.signatures(*fake_api(), cc="cc")
    hinted = {s: k for s, (k, _) in sigs.items() if k[2]}
    assert hinted and all(s.startswith("attention_") for s in hinted)
    assert hinted["attention_full_float16_d64_256x64_occupancy4"] == (
        "kernels.attention", "fmha_kernel", 4)
    assert sigs["attention_full_float16_d64_128x64"][0][2] is None


def test_transposed_operands_have_a_unit_first_stride():
    sigs = compile_time.signatures(*fake_api(), cc="cc")
    (_, (_, args, _)) = sigs["matmul_nt_float16_128x128x64"]
    a, b, c = args[0][:3]
    assert a[2]["stride_constant"] == (None, 1)
    assert b[2]["stride_constant"] == (1, None)
    assert b[2]["stride_divisible_by"] == (1, 16)
    assert c[2]["stride_constant"] == (None, 1)
    assert args[0][3:] == [128, 128, 64]


def test_extents_are_divisible_by_16_only_where_they_are():
    sigs = compile_time.signatures(*fake_api(), cc="cc")
    # Decoding: a batch of 8, one query per head, 1024 keys.
    (_, (_, args, _)) = sigs["attention_full_float16_d128_64x256_occupancy4"]
    q, k = args[0][0], args[0][1]
    assert q[2]["shape_divisible_by"] == (1, 16, 1, 16)
    assert k[2]["shape_divisible_by"] == (1, 16, 16, 16)
    (_, (_, args, _)) = sigs["matmul_nn_float16_128x128x64"]
    assert all(a[2]["shape_divisible_by"] == (16, 16) for a in args[0][:3])


def test_output_type_and_query_groups_are_exported():
    sigs = compile_time.signatures(*fake_api(), cc="cc")
    # float8 inputs, float16 C.
    (_, (_, args, _)) = sigs["matmul_nt_float8_e4m3fn_128x128x128"]
    assert [arg[1][0] for arg in args[0][:3]] == ["e4m3", "e4m3", "f16"]
    # Grouped-query attention: QUERY_GROUP_SIZE is the group.
    (_, (_, args, _)) = sigs["attention_causal_float16_d128_128x64_gqa4"]
    assert args[0][6:] == [128, 32, 128, 64, 4, True, True]
    (_, (_, args, _)) = sigs["attention_causal_float16_d128_128x64"]
    assert args[0][10] == 1


def test_a_failing_compiler_reports_its_last_line():
    t, err = compile_time.best_time(
        [sys.executable, "-c", "import sys; print('bad input', file=sys.stderr); sys.exit(1)"],
        2, dict(os.environ))
    assert t is None and err == ["bad input"]
    t, err = compile_time.best_time([sys.executable, "-c", "pass"], 2, dict(os.environ))
    assert err is None and t > 0
