"""Argument packing and launch validation, with a recording launcher instead of a GPU."""

import re
import struct

import pytest

from tileir import Module
from tileir._args import bf16_bits, f16_bits, normalize_grid, pack_args

from fakes import FakeArray, FakeTensor, RecordingLauncher

PTX = """.version 8.0
.target sm_90
.address_size 64
// tileir.kernel vadd params=(ptr,ptr,ptr,i32) reqntid=128,1,1 smem=0
.visible .entry vadd(.param .u64 .ptr vadd_param_0, .param .u64 .ptr vadd_param_1,
                     .param .u64 .ptr vadd_param_2, .param .b32 vadd_param_3)
.reqntid 128, 1, 1
{ ret; }
// tileir.kernel scalars params=(i1,i8,i16,i32,i64,f16,bf16,f32,f64) reqntid=32,2,1 smem=0
.visible .entry scalars(.param .u8 s0, .param .u8 s1, .param .b16 s2, .param .b32 s3,
                        .param .b64 s4, .param .b16 s5, .param .b16 s6, .param .b32 s7,
                        .param .b64 s8)
{ ret; }
.visible .entry untyped(.param .u8 u0, .param .b16 u1, .param .b32 u2, .param .b64 u3)
{ ret; }
"""


def u(fmt, value):
    return struct.pack("<" + fmt, value)


def packed(kind, value):
    return bytes(pack_args("k", (kind,), (value,)).values[0])


@pytest.fixture
def module():
    launcher = RecordingLauncher()
    return Module.from_ptx(PTX, launcher=launcher), launcher


@pytest.mark.parametrize(
    "kind, value, raw",
    [
        ("i1", True, u("B", 1)), ("i1", 0, u("B", 0)),
        ("i8", -1, u("B", 0xFF)), ("i8", 255, u("B", 0xFF)),
        ("i16", -2, u("H", 0xFFFE)),
        ("i32", -1, u("I", 0xFFFFFFFF)), ("i32", 2**32 - 1, u("I", 0xFFFFFFFF)), ("i32", 7, u("i", 7)),
        ("i64", -(2**63), u("Q", 2**63)),
        ("f16", 1.0, u("H", 0x3C00)), ("f16", 65504.0, u("H", 0x7BFF)), ("f16", -2, u("H", 0xC000)),
        ("bf16", 1.0, u("H", 0x3F80)), ("bf16", float("-inf"), u("H", 0xFF80)),
        ("bf16", float("nan"), u("H", 0x7FC0)),
        ("f32", 1.5, u("f", 1.5)), ("f32", 3, u("f", 3.0)), ("f32", float("inf"), u("f", float("inf"))),
        ("f64", 0.1, u("d", 0.1)),
        ("b8", True, u("B", 1)), ("b16", 0x3C00, u("H", 0x3C00)),
        ("b32", -1, u("I", 0xFFFFFFFF)), ("b32", 0.5, u("f", 0.5)),
        ("b64", 2**40, u("Q", 2**40)), ("b64", 0.25, u("d", 0.25)),
        ("ptr", 0xDEAD0000, u("Q", 0xDEAD0000)),
    ],
)
def test_scalars_are_packed_to_their_exact_bit_patterns(kind, value, raw):
    assert packed(kind, value) == raw


def f32_from_bits(bits):
    return struct.unpack("<f", struct.pack("<I", bits))[0]


@pytest.mark.parametrize(
    "f32_bits, expected",
    [
        (0x3F808000, 0x3F80),  # halfway, even below: down
        (0x3F818000, 0x3F82),  # halfway, odd below: up
        (0x3F808001, 0x3F81),  # above halfway: up
        (0x3F807FFF, 0x3F80),  # below halfway: down
        (0x807FFFFF, 0x8080),  # negative subnormal rounds up in magnitude to the smallest normal
        (0x7F7F0000, 0x7F7F),  # largest finite bf16
    ],
)
def test_bf16_rounds_to_nearest_even(f32_bits, expected):
    assert bf16_bits(f32_from_bits(f32_bits)) == expected


def test_f16_matches_ieee_half_rounding():
    assert f16_bits(1.0 + 2**-11) == 0x3C00  # tie to even
    assert f16_bits(1.0 + 3 * 2**-11) == 0x3C02


@pytest.mark.parametrize(
    "kind, value, error, message",
    [
        ("i32", 1.5, TypeError, "parameter 0 (i32) expects an int, got float 1.5"),
        ("i32", True, TypeError, "parameter 0 (i32) expects an int, got bool"),
        ("i32", 2**32, ValueError, "parameter 0 (i32) expects an integer that fits in 32 bits"),
        ("i8", -129, ValueError, "fits in 8 bits"),
        ("i1", 2, TypeError, "parameter 0 (i1) expects a bool (or 0/1)"),
        ("f32", "1.0", TypeError, "parameter 0 (f32) expects a float or an int, got str"),
        ("f32", 1e39, ValueError, "out of range for f32"),
        ("f16", 65520.0, ValueError, "out of range for f16"),
        ("bf16", 3.4e38, ValueError, "out of range for bf16"),
        ("f64", None, TypeError, "parameter 0 (f64) expects a float or an int, got NoneType"),
        ("f32", FakeTensor(0x1000), TypeError, "call .item()"),
        ("b16", 1.0, TypeError, "ambiguous between f16 and bf16"),
        ("ptr", -8, ValueError, "expects a 64-bit device address"),
        ("ptr", [1, 2], TypeError, "parameter 0 (ptr) expects a CUDA tensor"),
        ("ptr", 1.0, TypeError, "got float 1.0"),
        ("ptr", FakeTensor(0x1000, device="cpu"), TypeError, "expects a CUDA tensor, got a tensor on cpu"),
        ("b64", "x", TypeError, "parameter 0 (b64) expects a CUDA tensor"),
    ],
)
def test_bad_arguments_name_kernel_parameter_and_kind(kind, value, error, message):
    with pytest.raises(error, match=re.escape(message)) as info:
        pack_args("k", (kind,), (value,))
    assert str(info.value).startswith("kernel 'k': parameter 0")


def test_pointer_sources_and_their_devices():
    result = pack_args("k", ("ptr", "ptr", "ptr", "b64"),
                       (FakeTensor(0x1000, index=1), FakeArray(0x2000), 0x3000, FakeTensor(0x4000, index=1)))
    assert [bytes(v) for v in result.values] == [u("Q", a) for a in (0x1000, 0x2000, 0x3000, 0x4000)]
    assert result.devices == {1}


def test_numpy_scalars_are_accepted():
    np = pytest.importorskip("numpy")
    assert packed("i32", np.int64(-3)) == u("i", -3)
    assert packed("f16", np.float32(0.5)) == u("H", 0x3800)
    assert packed("i1", np.bool_(True)) == u("B", 1)
    with pytest.raises(TypeError, match="expects an int, got float"):
        packed("i32", np.float64(2.0))


def test_launch_passes_grid_block_args_device_and_stream(module):
    mod, launcher = module
    a, b, c = (FakeTensor(addr, index=2) for addr in (0x100, 0x200, 0x300))
    mod.vadd.launch(5, a, b, c, 640, stream=7)
    mod.scalars.launch((2, 3), True, -1, 2, 3, 4, 1.0, 1.0, 2.0, 3.0)
    first, second = launcher.launches
    assert (first.kernel, first.grid, first.block, first.device, first.stream) == ("vadd", (5, 1, 1), (128, 1, 1), 2, 7)
    assert first.raw_args == [u("Q", 0x100), u("Q", 0x200), u("Q", 0x300), u("i", 640)]
    assert (second.grid, second.block, second.device) == ((2, 3, 1), (32, 2, 1), None)
    assert second.raw_args[5:8] == [u("H", 0x3C00), u("H", 0x3F80), u("f", 2.0)]


def test_launch_checks_argument_count(module):
    mod, launcher = module
    with pytest.raises(TypeError, match=re.escape("kernel 'vadd' takes 4 arguments (ptr, ptr, ptr, i32), got 3")):
        mod.vadd.launch(1, 0x100, 0x200, 0x300)
    assert launcher.launches == []


def test_launch_rejects_tensors_on_several_devices(module):
    mod, _ = module
    with pytest.raises(ValueError, match=re.escape("several devices (cuda:0, cuda:1)")):
        mod.vadd.launch(1, FakeTensor(0x100, index=0), FakeTensor(0x200, index=1), 0x300, 4)


def test_kernel_without_cta_size_cannot_launch(module):
    mod, _ = module
    with pytest.raises(ValueError, match=re.escape("kernel 'untyped': the PTX records no CTA size")):
        mod.untyped.launch(1, 1, 2, 3, 4)


def test_empty_grid_launches_nothing(module):
    mod, launcher = module
    mod.vadd.launch((0, 4), 0x100, 0x200, 0x300, 0)
    assert launcher.launches == []


@pytest.mark.parametrize(
    "grid, normalized",
    [(7, (7, 1, 1)), ((7,), (7, 1, 1)), ((1, 2), (1, 2, 1)), ([1, 2, 3], (1, 2, 3)), ((2**31 - 1, 65535, 65535), (2**31 - 1, 65535, 65535))],
)
def test_grid_normalization(grid, normalized):
    assert normalize_grid(grid) == normalized


@pytest.mark.parametrize(
    "grid, error, message",
    [
        ((1, 2, 3, 4), TypeError, "tuple of 1 to 3 ints"),
        ((), TypeError, "tuple of 1 to 3 ints"),
        (2.0, TypeError, "tuple of 1 to 3 ints"),
        ((1, 2.0), TypeError, "tuple of 1 to 3 ints"),
        (True, TypeError, "tuple of 1 to 3 ints"),
        (-1, ValueError, "grid extent x=-1"),
        ((1, 65536), ValueError, "grid extent y=65536"),
        (2**31, ValueError, "grid extent x=2147483648"),
    ],
)
def test_bad_grids(grid, error, message):
    with pytest.raises(error, match=re.escape(message)):
        normalize_grid(grid)


def test_module_exposes_kernels_by_name_and_attribute(module):
    mod, _ = module
    assert list(mod.kernels) == ["vadd", "scalars", "untyped"]
    assert mod.vadd is mod.kernels["vadd"]
    assert mod.vadd.params == ("ptr", "ptr", "ptr", "i32") and mod.vadd.block == (128, 1, 1)
    assert "vadd" in dir(mod)
    with pytest.raises(AttributeError, match="module has no kernel 'vsub'; kernels: vadd, scalars, untyped"):
        mod.vsub
    with pytest.raises(TypeError):
        mod.kernels["x"] = mod.vadd


def test_module_launch_needs_exactly_one_kernel(module):
    mod, _ = module
    with pytest.raises(TypeError, match="exactly one kernel; this one has 3"):
        mod.launch(1)
    launcher = RecordingLauncher()
    single = Module.from_ptx(PTX.split("// tileir.kernel scalars")[0], launcher=launcher)
    single.launch((3,), FakeArray(0x10), FakeArray(0x20), FakeArray(0x30), 9)
    assert [(l.kernel, l.grid) for l in launcher.launches] == [("vadd", (3, 1, 1))]


ALIGNED_PTX = """.version 8.0
.target sm_90
.address_size 64
// tileir.kernel copy params=(ptr,ptr) reqntid=128,1,1 smem=0 align=16
.visible .entry copy(.param .u64 .ptr copy_param_0, .param .u64 .ptr copy_param_1)
.reqntid 128, 1, 1
{ ret; }
"""


def test_misaligned_pointers_are_rejected_before_launch():
    launcher = RecordingLauncher()
    mod = Module.from_ptx(ALIGNED_PTX, launcher=launcher)
    assert mod.copy.info.align == 16
    with pytest.raises(ValueError, match=r"parameter 1 \(ptr\).*16-byte aligned.*0x1004"):
        mod.copy.launch(1, 0x1000, 0x1004)
    assert launcher.launches == []
    mod.copy.launch(1, 0x1000, 0x2000)
    assert len(launcher.launches) == 1
    assert pack_args("k", ("ptr",), (0x2000,), 16).values[0].value == 0x2000
    with pytest.raises(ValueError, match="8-byte aligned"):
        pack_args("k", ("ptr",), (0x2004,), 8)


TILE_PTX = """.version 8.0
.target sm_90a
.address_size 64
// tileir.kernel mm params=(ptr,i32) reqntid=256,1,1 smem=0 align=16 abi=tile
.visible .entry mm(.param .u64 .ptr mm_param_0, .param .b32 mm_param_1)
.reqntid 256, 1, 1
{ ret; }
"""


def test_tile_abi_kernel_launches_with_its_cta_size_and_no_dynamic_smem():
    launcher = RecordingLauncher()
    mod = Module.from_ptx(TILE_PTX, launcher=launcher)
    assert (mod.mm.abi, mod.mm.smem, mod.mm.block) == ("tile", 0, (256, 1, 1))
    mod.mm.launch((4, 2), 0x1000, 7)
    mod.mm.launch(3, 0x1000, 7, block=(1, 1, 1))
    mod.mm.launch(3, 0x1000, 7, block=256)
    default, cutile_style, explicit = launcher.launches
    assert (default.grid, default.block) == ((4, 2, 1), (256, 1, 1))
    assert cutile_style.block == (1, 1, 1)
    assert explicit.block == (256, 1, 1)


@pytest.mark.parametrize("block", [(64, 1, 1), (128, 2), 0, "x", (1, 1, 1, 1)])
def test_block_is_the_cta_size_or_one(module, block):
    mod, launcher = module
    with pytest.raises(ValueError, match=re.escape(
            f"kernel 'vadd': block must be None, its CTA size (128, 1, 1) or (1, 1, 1), got {block!r}")):
        mod.vadd.launch(1, 0x100, 0x200, 0x300, 4, block=block)
    assert launcher.launches == []
