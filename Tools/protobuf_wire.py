"""Protocol Buffers wire format, as far as reading OSM PBF needs: varints, fields, packed
repeated varints and zigzag signs. Used by `compare-routes.py` and the fixture cutter
`Tests/Fixtures/osm/clip_extract.py`; standard library only."""


def varint(buf: bytes, pos: int) -> tuple[int, int]:
    """The varint at `pos`, and the position after it."""
    result = shift = 0
    while True:
        byte = buf[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        if byte < 0x80:
            return result, pos
        shift += 7


def fields(buf: bytes):
    """(field number, value) for each field: an int for varints, bytes for the rest."""
    pos, end = 0, len(buf)
    while pos < end:
        key, pos = varint(buf, pos)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, pos = varint(buf, pos)
        elif wire == 2:
            size, pos = varint(buf, pos)
            value, pos = buf[pos:pos + size], pos + size
        elif wire == 1:
            value, pos = buf[pos:pos + 8], pos + 8
        elif wire == 5:
            value, pos = buf[pos:pos + 4], pos + 4
        else:
            raise ValueError(f"unsupported protobuf wire type {wire}")
        yield number, value


def packed(buf: bytes) -> list[int]:
    """The varints of a packed repeated field."""
    values, pos = [], 0
    while pos < len(buf):
        value, pos = varint(buf, pos)
        values.append(value)
    return values


def zigzag(n: int) -> int:
    """A zigzag-encoded signed number."""
    return (n >> 1) ^ -(n & 1)
