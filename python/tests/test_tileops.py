"""tileir.ops: spec lines, tileops-build diagnostics and plans (no GPU), and the ops on a GPU."""
import math
import shutil

import pytest

from tileir import ops as T


def _tool_or_skip():
    try:
        return T.find_tool()
    except FileNotFoundError:
        pytest.skip("tileops-build is not built")


def test_op_table_is_the_tools_listing():
    """OPS and op_info are tileops-build --list-ops=json (the ops' ODS definitions)."""
    import json
    import subprocess
    tool = _tool_or_skip()
    listing = json.loads(subprocess.run([tool, "--list-ops=json"], capture_output=True, text=True,
                                        check=True).stdout)
    assert list(T.OPS) == [op["name"] for op in listing]
    assert len({v[0] for v in T.OPS.values()}) == 12
    assert T.OPS["add"] == ("binary_arith", 2, "fi", "same")
    assert T.OPS["lt"] == ("comparison", 2, "fib", "bool")
    assert T.OPS["rope_neox"] == ("rope", 1, "f", "same")
    assert T.OPS["alibi"] == ("alibi", 0, "f", "float")  # index inputs, a float result
    add = T.op_info("add")
    assert add["inputs"] == 2 and add["params"] == [
        {"name": "alpha", "type": "f64", "default": 1.0, "optional": False, "required": False}]
    assert [(p["name"], p["default"]) for p in T.op_info("rope_llama31")["params"]][-1] == \
        ("original_max_position", 8192)
    assert T.op_info("gelu")["params"][0]["default"] == "none"
    assert T.op_info("alibi")["params"][0]["required"] and T.op_info("alibi")["builder_params"] == ["seq_len"]
    assert T.op_info("sinusoidal")["spec_required"] == ["seq_len", "d_model"]


def test_every_op_of_the_table_builds_with_its_defaults():
    """Each op the table lists (a new op included, with no change here) builds a kernel for
    each dtype kind it accepts, with its parameters at their defaults, and has a function."""
    _tool_or_skip()
    dtype = {"f": "f16", "i": "i32", "b": "bool"}
    lines = []
    for op, (family, n, kinds, result) in T.OPS.items():
        assert callable(getattr(T, op))
        required = {k: 8 for k in T.op_info(op)["spec_required"]}
        for k in kinds:
            # the other tensors broadcast along the last dimension (prelu: its channels)
            shapes = ([[4, 64]] if family == "rope" else [[8, 64]] + [[64]] * (n - 1))[:n]
            lines.append(T.spec_line(op, dtype[k], shapes, required, name=f"{op}_{k}"))
    p = T.plans(lines)
    assert len(p) == len(lines)
    for plan in p.values():
        assert plan["grid"] >= 1 and [a for a in plan["args"] if a.startswith("out:")]


def test_spec_line_format():
    assert T.spec_line("add", "f16", [[2, 64, 128], [1, 1, 128]], {"alpha": 2.0}) == \
        "add f16 2x64x128,1x1x128 alpha=2.0"
    assert T.spec_line("nan_to_num", "f32", [[4]], {"posinf": math.inf, "neginf": None, "nan": 0.0}) == \
        "nan_to_num f32 4 nan=0.0 posinf=inf"
    assert T.spec_line("where", "bf16", [[], [3], [3]]) == "where bf16 scalar,3,3"
    with pytest.raises(T.SpecError, match="unknown op 'nope'"):
        T.spec_line("nope", "f32", [[1]])


@pytest.mark.parametrize("line, message", [
    ("expo f32 16", "line 1: unknown op 'expo'"),
    ("exp i32 16", "op 'exp' does not accept dtype i32"),
    ("exp float64 16", "unknown dtype 'float64'"),
    ("add f16 3x4,5", "expects broadcast-compatible shapes, got 3x4, 5"),
    ("add f16 3x4", "op 'add' expects 2 input shape(s), got 1"),
    ("add f16 3x0,3", "positive dims"),
    ("gelu f32 8 approx=tanh", "unknown parameter 'approx' for gelu"),
    ("leaky_relu f32 8 negative_slope=abc", "expects a number for negative_slope"),
    ("relu f32 8 strategy=fast", "expects strategy = auto, direct, explicit_parallel or register_copy"),
    ("relu f32 8 threads=100", "expects threads to be a power of two in [32, 1024]"),
    ("alibi f16 num_heads=8", "op 'alibi' expects parameter seq_len"),
    ("rope_neox f16 8x48", "power-of-two head dim"),
    ("prelu f32 4x3x5,4", "prelu expects a weight of length 1 or 3"),
    ("gelu f32 8 approximate=erf", "expects approximate = \"none\" or \"tanh\", got \"erf\""),
    ("hardtanh f32 8 min_val=2 max_val=1", "expects min_val <= max_val"),
    ("dropout f32 8 p=2", "expects 0 <= p <= 1"),
    ("exp f32 8 cache_hint=L2::evict_first", "expects cache_hint to be L1::evict_normal"),
    ("exp u8 8", "op 'exp' does not accept dtype u8"),
    ("clamp uint8 8 min=-1", "expects min to be an integer in [0, 255] for unsigned data"),
    ("masked_fill u8 8,8 value=256", "expects value to be an integer in [0, 255]"),
])
def test_bad_specs_get_clear_errors(line, message):
    _tool_or_skip()
    with pytest.raises(T.SpecError) as info:
        T.run_tool([line], "cuda_tile")
    assert message in str(info.value)


def test_plan_and_coalesced_broadcast_gather():
    _tool_or_skip()
    out = T.run_tool(["add f16 16x256x56x56,256x1x1 name=bias"], "cuda_tile")
    plan = T.plans(["add f16 16x256x56x56,256x1x1 name=bias"])["bias"]
    assert plan["out_shape"] == [16, 256, 56, 56] and plan["npt"] * plan["threads"] == plan["tile"]
    n = 16 * 256 * 56 * 56
    assert plan["grid"] * plan["tile"] >= n > (plan["grid"] - 1) * plan["tile"]
    assert plan["args"] == ["in:f16:16x256x56x56", "in:f16:256x1x1", "out:f16:16x256x56x56"]
    # a contiguous operand through a view, the broadcast one gathered: (f / 3136) % 256
    assert "load_view_tko" in out and "load_ptr_tko" in out
    assert "constant <i32: 3136>" in out and "constant <i32: 255>" in out


def test_cost_rule_presets():
    _tool_or_skip()
    p = T.plans(["relu f32 1048576 name=a", "relu f32 1048576 strategy=direct name=b",
                 "relu f16 7 name=c", "relu f32 1048576 threads=512 npt=2 name=d"])
    assert p["a"]["tile"] == p["a"]["threads"] * 4  # 16-byte f32 vectors
    assert p["b"]["tile"] == p["b"]["threads"]      # one element per thread
    assert p["c"]["threads"] == 32 and p["c"]["grid"] == 1
    assert (p["d"]["threads"], p["d"]["tile"]) == (512, 1024)


def test_uint8_specs():
    _tool_or_skip()
    assert T._DTYPES["uint8"] == "u8" and T._kind("u8") == "i"
    lines = ["lt u8 64,64 name=a", "clamp uint8 64 min=3 max=200 name=b"]
    out = T.run_tool(lines, "cuda_tile")
    p = T.plans(lines)
    assert p["a"]["out_dtype"] == "bool" and p["a"]["args"][0] == "in:u8:64"
    assert p["b"]["out_dtype"] == "u8"
    assert out.count("unsigned_int") == 2


def test_cache_hint_rule_and_option():
    _tool_or_skip()
    # 8 MiB moved: streamed loads skip L1; 512 MiB: plain; the option overrides either way
    p = T.plans(["exp f32 1048576 name=a", "exp f16 16384x16384 name=b",
                 "exp f32 1048576 cache_hint=none name=c",
                 "exp f16 16384x16384 cache_hint=L1::evict_first name=d"])
    assert [p[k]["cache_hint"] for k in "abcd"] == ["L1::no_allocate", "", "", "L1::evict_first"]
    assert p["a"]["out_dtype"] == "f32" and p["d"]["args"] == ["in:f16:16384x16384", "out:f16:16384x16384"]


def test_dtype_validation_without_gpu():
    torch = pytest.importorskip("torch")
    a = torch.zeros(4, dtype=torch.float64)
    with pytest.raises(ValueError, match="float64"):
        T.exp(a)
    with pytest.raises(ValueError, match="one dtype"):
        T.add(torch.zeros(4), torch.zeros(4, dtype=torch.float16))
    with pytest.raises(ValueError, match="broadcast-compatible"):
        T.mul(torch.zeros(3, 4), torch.zeros(5))
    with pytest.raises(ValueError, match="approximate"):
        T.gelu(torch.zeros(4), approximate="erf")


@pytest.mark.requires_gpu
@pytest.mark.parametrize("dtype", ["float32", "float16", "bfloat16"])
def test_ops_match_torch_on_gpu(dtype):
    torch = pytest.importorskip("torch")
    dt = getattr(torch, dtype)
    x = torch.randn(4097, device="cuda").to(dt)
    y = torch.randn(4097, device="cuda").to(dt)
    tol = {"float32": 1e-5, "float16": 1e-3, "bfloat16": 1.6e-2}[dtype]
    torch.testing.assert_close(T.add(x, y, alpha=2), torch.add(x, y, alpha=2), rtol=tol, atol=tol)
    torch.testing.assert_close(T.exp(x), torch.exp(x), rtol=tol, atol=tol)
    assert torch.equal(T.lt(x, y), torch.lt(x, y))


@pytest.mark.requires_gpu
def test_torch_compile_fullgraph():
    torch = pytest.importorskip("torch")
    x = torch.randn(1000, device="cuda")
    f = torch.compile(lambda t: T.exp(T.add(t, t)), fullgraph=True)
    torch.testing.assert_close(f(x), torch.exp(x + x))


def test_kernel_cache_without_the_tool(tmp_path, monkeypatch):
    """A kernel built once is found again on a machine without tileops-build (AOT deployment);
    a spec that was never built names itself in the error."""
    _tool_or_skip()
    monkeypatch.setenv("TILEIR_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(T, "_kernels", {})
    k, plan = T.kernel("relu f16 4097")
    assert plan["out_dtype"] == "f16" and plan["threads"] > 0
    entries = list(tmp_path.rglob("*.ptx"))
    assert len(entries) == 1 and ".entry" in entries[0].read_text()
    monkeypatch.setattr(T, "_kernels", {})
    monkeypatch.setenv("TILEIR_TOOLS_DIR", str(tmp_path / "no-tools"))
    monkeypatch.setenv("PATH", str(tmp_path / "no-tools"))
    k2, plan2 = T.kernel("relu f16 4097")
    assert plan2 == plan
    with pytest.raises(FileNotFoundError, match="no entry for spec 'relu f16 4098'"):
        T.kernel("relu f16 4098")


def test_kernel_chip_from_the_device(tmp_path, monkeypatch):
    """Without a chip, a kernel is built for the detected GPU's; without tileops-build, an
    H100 (detected as sm_90a) takes the entry built for sm_90 elsewhere (the AOT cache of
    launch_overhead.py make), and a chip whose PTX the GPU cannot run is never taken."""
    import tileir._chip as chip_mod
    _tool_or_skip()
    monkeypatch.setenv("TILEIR_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(T, "_kernels", {})
    monkeypatch.setattr(chip_mod, "detect_chip", lambda device=None: ("sm_86", True))
    T.kernel("relu f32 100")
    assert ".target sm_86" in list(tmp_path.rglob("*.ptx"))[0].read_text()
    monkeypatch.setattr(T, "_kernels", {})
    T.kernel("relu f32 200", chip="sm_90")
    monkeypatch.setattr(T, "_kernels", {})
    monkeypatch.setenv("TILEIR_TOOLS_DIR", str(tmp_path / "no-tools"))
    monkeypatch.setenv("PATH", str(tmp_path / "no-tools"))
    monkeypatch.setattr(chip_mod, "detect_chip", lambda device=None: ("sm_90a", True))
    k, plan = T.kernel("relu f32 200")
    assert plan["out_dtype"] == "f32"
    with pytest.raises(FileNotFoundError, match="no entry for spec 'relu f32 100'"):
        T.kernel("relu f32 100")


def test_random_bad_specs_never_crash():
    """Mutated spec lines (unknown ops and dtypes, malformed shapes, bad params): tileops-build
    answers each with a plan or a located error, never a crash (fixed seed)."""
    import random
    import subprocess
    tool = _tool_or_skip()
    rng = random.Random(7)
    ops = list(T.OPS) + ["nope", "ADD"]
    dts = ["f32", "f16", "bf16", "i32", "i8", "bool", "f8e4m3fn", "f64", "x"]
    shapes = ["scalar", "0", "-3", "3x", "x4", "3xx4", "99999999999x99999999999", "4,", "1", "7", "4097",
              "2x64x128", "3x1,1x4", "16x256x7x7,256"]
    params = ["alpha=abc", "p=1.5", "p=-1", "min=2 max=1", "value=nan", "approximate=bogus", "base=-5",
              "num_heads=0", "seq_len=-1", "d_model=7", "threads=0", "threads=33", "threads=4096", "npt=0",
              "npt=3", "strategy=foo", "name=1bad", "=", "a==b", "dim=1"]
    for _ in range(60):
        line = " ".join([rng.choice(ops), rng.choice(dts), rng.choice(shapes)] + rng.sample(params, rng.randint(0, 2)))
        res = subprocess.run([tool, "--emit=plan", "-"], input=line + "\n", capture_output=True, text=True,
                             timeout=60)
        assert res.returncode in (0, 1), (line, res.returncode, res.stderr[-400:])
        if res.returncode:
            assert "error:" in res.stderr, (line, res.stderr)


def test_kernels_carry_their_element_types():
    """tileops-build's kernels name the element type of every pointer (elems=), and the
    dtypes tileir.ops passes for them (bool for i8 masks and results) are accepted."""
    from tileir._args import PTR_ELEM_DTYPES
    _tool_or_skip()
    infos = {}
    from tileir.ptx import parse_ptx
    for line in ("where f32 16,16,16", "eq u8 16,16", "relu bf16 8", "relu f8e4m3fn 8"):
        infos.update(parse_ptx(T.run_tool([line])))
    assert infos["where_f32_16_16_16"].elems == ("i8", "f32", "f32", "f32")
    assert "bool" in PTR_ELEM_DTYPES["i8"] and "uint8" in PTR_ELEM_DTYPES["i8"]
    assert infos["relu_bf16_8"].elems == ("bf16", "bf16")
    assert infos["relu_f8e4m3fn_8"].elems == ("f8e4m3fn", "f8e4m3fn")


def test_the_cache_off_switch_applies_to_ops(tmp_path, monkeypatch):
    _tool_or_skip()
    monkeypatch.setenv("TILEIR_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("TILEIR_CACHE_DISABLE", "1")
    monkeypatch.setattr(T, "_kernels", {})
    T.kernel("relu f16 4097")
    assert not list(tmp_path.rglob("*.ptx"))
