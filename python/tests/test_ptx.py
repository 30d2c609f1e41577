"""PTX metadata parsing on hand-written PTX snippets."""

import re

import pytest

from tileir.errors import PtxFormatError
from tileir.ptx import KernelInfo, parse_ptx

HEADER = ".version 8.0\n.target sm_90\n.address_size 64\n"

WITH_METADATA = HEADER + """
// tileir.kernel vadd params=(ptr,ptr,ptr,i32) reqntid=128,1,1 smem=0
.visible .entry vadd(
	.param .u64 .ptr .global .align 16 vadd_param_0,
	.param .u64 .ptr .global .align 16 vadd_param_1,
	.param .u64 vadd_param_2,
	.param .b32 vadd_param_3
)
.reqntid 128, 1, 1
{
	ret;
}

// tileir.kernel scale params=(ptr,f32,bf16,i1,f64) reqntid=256 smem=65536
.visible .entry scale(
	.param .u64 .ptr .global .align 4 scale_param_0,
	.param .b32 scale_param_1,
	.param .b16 scale_param_2,
	.param .u8 scale_param_3,
	.param .b64 scale_param_4
)
.reqntid 256, 1, 1
.maxnreg 128
{
	ret;
}
"""

WITHOUT_METADATA = HEADER + """
/* a kernel written by hand: no tileir.kernel line */
.visible .entry raw(
	.param .u64 .ptr .global .align 4 raw_param_0,   // the buffer
	.param .u64 raw_param_1,
	.param .s64 raw_param_2,
	.param .u32 raw_param_3,
	.param .b32 raw_param_4,
	.param .f32 raw_param_5,
	.param .f64 raw_param_6,
	.param .b16 raw_param_7,
	.param .u8 raw_param_8,
	.param .s8 raw_param_9
)
.reqntid 32, 4
{
	ret;
}

.entry noparams
{
	ret;
}
"""


def test_metadata_gives_names_kinds_reqntid_and_smem():
    kernels = parse_ptx(WITH_METADATA)
    assert list(kernels) == ["vadd", "scale"]
    assert kernels["vadd"] == KernelInfo("vadd", ("ptr", "ptr", "ptr", "i32"), (128, 1, 1), 0, True)
    assert kernels["scale"] == KernelInfo("scale", ("ptr", "f32", "bf16", "i1", "f64"), (256, 1, 1), 65536, True)


def test_entry_fallback_derives_kinds_from_ptx_types():
    kernels = parse_ptx(WITHOUT_METADATA)
    assert list(kernels) == ["raw", "noparams"]
    raw = kernels["raw"]
    assert raw.params == ("ptr", "b64", "i64", "i32", "b32", "f32", "f64", "b16", "b8", "i8")
    assert raw.reqntid == (32, 4, 1)
    assert raw.smem == 0 and not raw.has_metadata
    assert kernels["noparams"] == KernelInfo("noparams", (), None)


def test_metadata_reqntid_falls_back_to_the_entry_directive():
    ptx = HEADER + """
// tileir.kernel k params=() smem=0
.visible .entry k()
.reqntid 64, 2, 1
{ ret; }
"""
    assert parse_ptx(ptx)["k"].reqntid == (64, 2, 1)


def test_metadata_applies_only_to_its_entry():
    ptx = HEADER + """
// tileir.kernel a params=(f32)
.visible .entry a(.param .b32 a_param_0)
{ ret; }
.visible .entry b(.param .b32 b_param_0)
{ ret; }
"""
    kernels = parse_ptx(ptx)
    assert kernels["a"].params == ("f32",) and kernels["a"].has_metadata
    assert kernels["b"].params == ("b32",) and not kernels["b"].has_metadata


@pytest.mark.parametrize(
    "ptx, message",
    [
        ("// tileir.kernel ghost params=(ptr)\n", "no .entry: ghost"),
        ("// tileir.kernel k params=(ptr,u32)\n.entry k(.param .u64 k_p0, .param .b32 k_p1)\n{}",
         "got 'u32'"),
        ("// tileir.kernel k params=(ptr)\n.entry k(.param .u64 k_p0, .param .b32 k_p1)\n{}",
         "metadata lists 1 parameters, the .entry has 2"),
        ("// tileir.kernel k params=(f32)\n.entry k(.param .u64 k_p0)\n{}",
         "parameter 0 is f32 in the metadata but a 64-bit value"),
        ("// tileir.kernel k params=(i64)\n.entry k(.param .u64 .ptr k_p0)\n{}",
         "parameter 0 is i64 in the metadata but .ptr"),
        ("// tileir.kernel k params=() reqntid=128\n.entry k()\n.reqntid 64\n{}",
         "disagrees with .reqntid"),
        ("// tileir.kernel k reqntid=128\n.entry k()\n{}", "expects params=(...)"),
        (".entry k(.param .align 4 .b8 k_p0[8])\n{}", "aggregate parameter"),
        (".entry k(.param .u64 k_p0\n", "unterminated parameter list"),
        (".entry k()\n.reqntid 0, 1\n{}", "positive extents"),
        (".entry k()\n{}\n.entry k()\n{}", "defined twice"),
    ],
)
def test_malformed_ptx_is_rejected(ptx, message):
    with pytest.raises(PtxFormatError, match=re.escape(message)):
        parse_ptx(HEADER + ptx)


def test_module_without_entries_has_no_kernels():
    assert parse_ptx(HEADER + ".global .u32 counter;\n") == {}


def test_metadata_gives_the_launch_abi():
    ptx = HEADER + """
// tileir.kernel t params=(ptr) reqntid=256,1,1 smem=0 align=16 abi=tile
.visible .entry t(.param .u64 .ptr t_param_0)
.reqntid 256, 1, 1
{ ret; }
// tileir.kernel e params=(ptr) reqntid=128,1,1 smem=65648 align=16
.visible .entry e(.param .u64 .ptr e_param_0)
.reqntid 128, 1, 1
{ ret; }
"""
    kernels = parse_ptx(ptx)
    assert kernels["t"] == KernelInfo("t", ("ptr",), (256, 1, 1), 0, True, 16, "tile")
    assert kernels["e"].abi == "explicit" and kernels["e"].smem == 65648


@pytest.mark.parametrize(
    "line, message",
    [
        ("abi=cutile smem=0", "expects abi= one of explicit, tile, got 'cutile'"),
        ("abi=tile smem=1024", "a kernel of the tile launch ABI takes no dynamic shared memory, got smem=1024"),
    ],
)
def test_bad_launch_abi_is_rejected(line, message):
    ptx = HEADER + f"""
// tileir.kernel k params=() reqntid=32 {line}
.visible .entry k()
.reqntid 32, 1, 1
{{ ret; }}
"""
    with pytest.raises(PtxFormatError, match=re.escape(message)):
        parse_ptx(ptx)
