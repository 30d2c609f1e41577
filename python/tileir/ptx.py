"""Reading the kernel ABI out of PTX text.

The compiler writes one ``.entry`` per ``cuda_tile.entry`` and, right before it, a
metadata comment that states the parameter kinds exactly::

    // tileir.kernel vadd params=(ptr,ptr,ptr,i32) reqntid=128,1,1 smem=0
    .visible .entry vadd(
        .param .u64 .ptr .global .align 16 vadd_param_0,
        ...
    )
    .reqntid 128, 1, 1

The comment is the source of truth: PTX types alone cannot tell ``i32`` from ``f32``
(both may be ``.b32``). When a kernel has no comment, its kinds are derived from the
``.entry`` parameter types; kinds that stay ambiguous are reported as the bit-width kinds
``b8``/``b16``/``b32``/``b64`` (see :data:`FALLBACK_KINDS`), which the launcher packs
according to the Python value it receives.
"""

import re
from dataclasses import dataclass
from typing import Dict, List, Optional, Tuple

from .errors import PtxFormatError

#: Parameter kinds of the ``tileir.kernel`` metadata line.
PARAM_KINDS = ("ptr", "i1", "i8", "i16", "i32", "i64", "f16", "bf16", "f32", "f64")

#: Kinds derived from a ``.entry`` whose PTX type does not determine the source type.
FALLBACK_KINDS = ("b8", "b16", "b32", "b64")

#: Size in bits of the value passed for each kind.
KIND_BITS = {
    "ptr": 64, "i1": 8, "i8": 8, "i16": 16, "i32": 32, "i64": 64,
    "f16": 16, "bf16": 16, "f32": 32, "f64": 64,
    "b8": 8, "b16": 16, "b32": 32, "b64": 64,
}

Dim3 = Tuple[int, int, int]


@dataclass(frozen=True)
class KernelInfo:
    """What a launcher needs to know about one PTX entry.

    Attributes:
        name: the ``.entry`` symbol (the ``cuda_tile.entry`` name).
        params: one kind per parameter, from :data:`PARAM_KINDS` (or
            :data:`FALLBACK_KINDS` when there was no metadata line).
        reqntid: the CTA size fixed by the compiler, or None when the PTX does not say.
        smem: dynamic shared memory in bytes to launch with.
        align: the byte alignment the kernel assumes of every pointer argument.
        has_metadata: whether a ``tileir.kernel`` line described this entry.
        abi: the launch ABI it was compiled for: ``"explicit"`` (launched with
            its CTA size and ``smem`` bytes of dynamic shared memory) or ``"tile"``
            (all shared memory static, ``smem`` is 0; it may also be launched as
            cuTile launches tile kernels, with block (1,1,1)).
        elems: per parameter, the element type a ``ptr`` parameter points to (``"f32"``,
            ``"bf16"``, ``"i8"``, ...; ``"-"`` for other parameters), or ``()`` when the
            metadata does not say (PTX of an older compiler, hand-written PTX).
        dense: the indices of the ``ptr`` parameters the kernel reads as dense row-major
            arrays, which need contiguous memory (``dense=(...)`` of the metadata).
    """

    name: str
    params: Tuple[str, ...]
    reqntid: Optional[Dim3]
    smem: int = 0
    has_metadata: bool = False
    align: int = 1
    abi: str = "explicit"
    elems: Tuple[str, ...] = ()
    dense: Tuple[int, ...] = ()


_IDENT = r"[A-Za-z_$%][\w$%.]*"
_META_RE = re.compile(r"^[ \t]*//[ \t]*tileir\.kernel[ \t]+(\S+)([^\n]*)$", re.MULTILINE)
_META_PARAMS_RE = re.compile(r"\bparams=\(([^)]*)\)")
_META_REQNTID_RE = re.compile(r"\breqntid=(\d+(?:,\d+){0,2})(?=\s|$)")
_META_SMEM_RE = re.compile(r"\bsmem=(\d+)(?=\s|$)")
_META_ALIGN_RE = re.compile(r"\balign=(\d+)(?=\s|$)")
_META_ABI_RE = re.compile(r"\babi=(\S*)")
_META_ELEMS_RE = re.compile(r"\belems=\(([^)]*)\)")
_META_DENSE_RE = re.compile(r"\bdense=\(([^)]*)\)")
LAUNCH_ABIS = ("explicit", "tile")
_BLOCK_COMMENT_RE = re.compile(r"/\*.*?\*/", re.DOTALL)
_LINE_COMMENT_RE = re.compile(r"//[^\n]*")
_ENTRY_RE = re.compile(r"\.entry\s+(" + _IDENT + r")")
_REQNTID_RE = re.compile(r"\.reqntid\s+(\d+)(?:\s*,\s*(\d+))?(?:\s*,\s*(\d+))?")
_PARAM_RE = re.compile(r"^\.param((?:\s+\.\w+|\s+\d+)*)\s+(" + _IDENT + r")\s*(\[\s*\d+\s*\])?$")

# PTX parameter type -> kind, when the PTX type alone decides it.
_PTX_TYPE_KIND = {
    ".s8": "i8", ".u8": "b8", ".b8": "b8",
    ".s16": "i16", ".u16": "i16", ".b16": "b16", ".f16": "f16", ".bf16": "bf16",
    ".s32": "i32", ".u32": "i32", ".b32": "b32", ".f32": "f32",
    ".s64": "i64", ".u64": "b64", ".b64": "b64", ".f64": "f64",
}


def _dim3(values: List[int], where: str) -> Dim3:
    if not values or len(values) > 3 or any(v < 1 for v in values):
        raise PtxFormatError(f"{where}: expects 1 to 3 positive extents, got {values}")
    padded = list(values) + [1] * (3 - len(values))
    return (padded[0], padded[1], padded[2])


def _parse_metadata(text: str) -> Dict[str, KernelInfo]:
    kernels: Dict[str, KernelInfo] = {}
    for match in _META_RE.finditer(text):
        name, rest = match.group(1), match.group(2)
        where = f"tileir.kernel line for '{name}'"
        if name in kernels:
            raise PtxFormatError(f"{where}: kernel described twice")
        params_match = _META_PARAMS_RE.search(rest)
        if params_match is None:
            raise PtxFormatError(f"{where}: expects params=(...), got '{rest.strip()}'")
        body = params_match.group(1).strip()
        params = tuple(p.strip() for p in body.split(",")) if body else ()
        for kind in params:
            if kind not in PARAM_KINDS:
                raise PtxFormatError(
                    f"{where}: expects parameter kinds from {', '.join(PARAM_KINDS)}, "
                    f"got '{kind}'"
                )
        reqntid_match = _META_REQNTID_RE.search(rest)
        reqntid = None
        if reqntid_match is not None:
            reqntid = _dim3([int(v) for v in reqntid_match.group(1).split(",")], where)
        smem_match = _META_SMEM_RE.search(rest)
        smem = int(smem_match.group(1)) if smem_match else 0
        align_match = _META_ALIGN_RE.search(rest)
        align = int(align_match.group(1)) if align_match else 1
        abi_match = _META_ABI_RE.search(rest)
        abi = abi_match.group(1) if abi_match else "explicit"
        if abi not in LAUNCH_ABIS:
            raise PtxFormatError(
                f"{where}: expects abi= one of {', '.join(LAUNCH_ABIS)}, got '{abi}'"
            )
        if abi == "tile" and smem != 0:
            raise PtxFormatError(
                f"{where}: a kernel of the tile launch ABI takes no dynamic shared "
                f"memory, got smem={smem}"
            )
        elems: Tuple[str, ...] = ()
        elems_match = _META_ELEMS_RE.search(rest)
        if elems_match is not None:
            elems = tuple(e.strip() for e in elems_match.group(1).split(",")) if params else ()
            if len(elems) != len(params):
                raise PtxFormatError(
                    f"{where}: elems=(...) lists {len(elems)} types for {len(params)} parameters"
                )
            for kind, elem in zip(params, elems):
                if (kind == "ptr") != (elem != "-") or not elem:
                    raise PtxFormatError(
                        f"{where}: elems=(...) expects an element type for each ptr parameter "
                        f"and '-' for the others, got '{elems_match.group(1)}'"
                    )
        dense: Tuple[int, ...] = ()
        dense_match = _META_DENSE_RE.search(rest)
        if dense_match is not None:
            body = dense_match.group(1).strip()
            items = [d.strip() for d in body.split(",")] if body else []
            if not all(d.isdigit() and int(d) < len(params) and params[int(d)] == "ptr" for d in items):
                raise PtxFormatError(
                    f"{where}: dense=(...) expects indices of ptr parameters, got '{body}'"
                )
            dense = tuple(int(d) for d in items)
        kernels[name] = KernelInfo(name, params, reqntid, smem, has_metadata=True, align=align,
                                   abi=abi, elems=elems, dense=dense)
    return kernels


def _param_kind(decl: str, entry: str, index: int) -> str:
    match = _PARAM_RE.match(decl)
    where = f".entry {entry}: parameter {index}"
    if match is None:
        raise PtxFormatError(f"{where}: cannot read declaration '{decl}'")
    if match.group(3):
        raise PtxFormatError(
            f"{where}: aggregate parameter '{decl}' is not part of the tileir kernel ABI"
        )
    qualifiers = match.group(1).split()
    types = [q for q in qualifiers if q in _PTX_TYPE_KIND]
    if len(types) != 1:
        raise PtxFormatError(f"{where}: expects exactly one scalar type, got '{decl}'")
    if ".ptr" in qualifiers:
        if types[0] not in (".u64", ".b64", ".s64"):
            raise PtxFormatError(f"{where}: expects a 64-bit .ptr parameter, got '{decl}'")
        return "ptr"
    return _PTX_TYPE_KIND[types[0]]


def _parse_entries(text: str) -> Dict[str, KernelInfo]:
    code = _LINE_COMMENT_RE.sub("", _BLOCK_COMMENT_RE.sub("", text))
    kernels: Dict[str, KernelInfo] = {}
    for match in _ENTRY_RE.finditer(code):
        name = match.group(1)
        if name in kernels:
            raise PtxFormatError(f".entry {name}: defined twice")
        pos = match.end()
        while pos < len(code) and code[pos].isspace():
            pos += 1
        params: Tuple[str, ...] = ()
        if pos < len(code) and code[pos] == "(":
            close = code.find(")", pos)
            if close < 0:
                raise PtxFormatError(f".entry {name}: unterminated parameter list")
            decls = [d.strip() for d in code[pos + 1:close].split(",")]
            if decls == [""]:
                decls = []
            params = tuple(_param_kind(d, name, i) for i, d in enumerate(decls))
            pos = close + 1
        body = code.find("{", pos)
        if body < 0:
            raise PtxFormatError(f".entry {name}: has no body")
        reqntid_match = _REQNTID_RE.search(code, pos, body)
        reqntid = None
        if reqntid_match is not None:
            values = [int(v) for v in reqntid_match.groups() if v is not None]
            reqntid = _dim3(values, f".entry {name}: .reqntid")
        kernels[name] = KernelInfo(name, params, reqntid)
    return kernels


def _merge(meta: KernelInfo, entry: KernelInfo) -> KernelInfo:
    where = f"kernel '{meta.name}'"
    if len(meta.params) != len(entry.params):
        raise PtxFormatError(
            f"{where}: metadata lists {len(meta.params)} parameters, "
            f"the .entry has {len(entry.params)}"
        )
    for index, (kind, ptx_kind) in enumerate(zip(meta.params, entry.params)):
        if KIND_BITS[kind] != KIND_BITS[ptx_kind]:
            raise PtxFormatError(
                f"{where}: parameter {index} is {kind} in the metadata but a "
                f"{KIND_BITS[ptx_kind]}-bit value in the .entry"
            )
        if ptx_kind == "ptr" and kind != "ptr":
            raise PtxFormatError(
                f"{where}: parameter {index} is {kind} in the metadata but .ptr in the .entry"
            )
    reqntid = meta.reqntid if meta.reqntid is not None else entry.reqntid
    if meta.reqntid is not None and entry.reqntid is not None and meta.reqntid != entry.reqntid:
        raise PtxFormatError(
            f"{where}: metadata reqntid={meta.reqntid} disagrees with .reqntid {entry.reqntid}"
        )
    return KernelInfo(meta.name, meta.params, reqntid, meta.smem, has_metadata=True,
                      align=meta.align, abi=meta.abi, elems=meta.elems, dense=meta.dense)


def parse_ptx(text: str) -> Dict[str, KernelInfo]:
    """Return the kernels of a PTX module, keyed by entry name, in order of appearance.

    Raises:
        PtxFormatError: the PTX has an entry or a metadata line that tileir cannot read,
            or a metadata line that contradicts its ``.entry``.
    """
    metadata = _parse_metadata(text)
    entries = _parse_entries(text)
    missing = sorted(set(metadata) - set(entries))
    if missing:
        raise PtxFormatError(
            f"tileir.kernel metadata names kernels with no .entry: {', '.join(missing)}"
        )
    return {
        name: _merge(metadata[name], info) if name in metadata else info
        for name, info in entries.items()
    }
