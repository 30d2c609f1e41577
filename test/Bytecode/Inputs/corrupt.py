"""Writes a damaged copy of a Tile IR bytecode file, for the reader's error
tests: corrupt.py MODE IN OUT."""
import sys


def varint(data, pos):
    value, shift = 0, 0
    while True:
        b = data[pos]
        pos += 1
        value |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            return value, pos


def encode(value):
    out = bytearray()
    while True:
        b = value & 0x7F
        value >>= 7
        out.append(b | (0x80 if value else 0))
        if not value:
            return bytes(out)


def sections(data):
    """(id, start of the length varint, payload start, payload end) of each."""
    pos, out = 12, []
    while data[pos] != 0:
        sid, lenpos = data[pos] & 0x7F, pos + 1
        length, pos = varint(data, lenpos)
        if data[lenpos - 1] & 0x80:
            align, pos = varint(data, pos)
            while pos % align:
                pos += 1
        out.append((sid, lenpos, pos, pos + length))
        pos += length
    return out


def func_body(data):
    """Payload start of the function section and where the first body's ops
    start (after name, signature, flags, debug index and body length)."""
    sid, _, start, end = next(s for s in sections(data) if s[0] == 2)
    pos = varint(data, start)[1]          # function count
    pos = varint(data, pos)[1]            # name
    pos = varint(data, pos)[1]            # signature
    flags = data[pos]
    pos += 1
    pos = varint(data, pos)[1]            # debug index
    assert not flags & 4, "use an input without hints"
    length, pos = varint(data, pos)
    return start, pos


def main():
    mode, src, dst = sys.argv[1:4]
    data = bytearray(open(src, "rb").read())
    if mode == "magic":
        data[1] = ord("X")
    elif mode == "version":
        data[8] = 99
    elif mode == "truncate":
        data = data[: len(data) // 2]
    elif mode == "trailing":
        data += b"\x00\x01"
    elif mode == "section-length":
        # The largest length of the same varint size: beyond the file.
        sid, lenpos, start, end = sections(data)[-1]
        size = len(encode(end - start))
        data[lenpos:lenpos + size] = b"\xff" * (size - 1) + b"\x7f"
    elif mode == "huge-count":
        # The shape count of the first tile type (tag 13 after its offset
        # table) becomes 127 dimensions of 8 bytes, more than the table holds.
        sid, _, start, end = next(s for s in sections(data) if s[0] == 5)
        count, pos = varint(data, start)
        while pos % 4:
            pos += 1
        offsets = [int.from_bytes(data[pos + 4 * i:pos + 4 * i + 4], "little")
                   for i in range(count)]
        base = pos + 4 * count
        tile = next(base + o for o in offsets if data[base + o] == 13)
        shape = varint(data, tile + 1)[1]   # after the element type
        data[shape] = 0x7F
    elif mode == "opcode":
        _, ops = func_body(data)
        data[ops] = 0x7F  # an opcode no version defines
    elif mode == "new-op":
        _, ops = func_body(data)
        data[ops] = 0x7A  # `memory_fence_alias_tko`, bytecode 13.4
    elif mode == "type-index":
        _, ops = func_body(data)
        # The first op of the input is a constant: opcode, result type.
        data[ops + 1] = 0x7F
    elif mode == "value-index":
        _, ops = func_body(data)
        # The second op of the input (after a 3-byte constant) is a unary op
        # on the first: opcode, result type, operand.
        data[ops + 3 + 2] = 0x7F
    elif mode == "rounding-away":
        _, ops = func_body(data)
        # The first op of the input is an ftof: opcode, result type, rounding
        # mode; 7 (nearest_away) came with bytecode 13.4.
        data[ops + 2] = 7
    else:
        sys.exit("unknown mode " + mode)
    open(dst, "wb").write(data)


main()
