import struct

# a binary file format: a header, then fixed-size records, then a trailer
HEADER = struct.Struct('<4sHHI')
RECORD = struct.Struct('<I16sdB3x')
TRAILER = struct.Struct('>Q')

records = [(i, ('item-%03d' % i).encode(), i * 1.25 - 7, i % 3) for i in range(40)]
blob = bytearray(HEADER.size + RECORD.size * len(records) + TRAILER.size)
HEADER.pack_into(blob, 0, b'RECS', 1, 2, len(records))
for n, rec in enumerate(records):
    RECORD.pack_into(blob, HEADER.size + n * RECORD.size, *rec)
checksum = sum(blob[:-TRAILER.size]) * 2654435761 % 2**64
TRAILER.pack_into(blob, -TRAILER.size, checksum)
print(len(blob), HEADER.size, RECORD.size, blob[:12].hex())

magic, major, minor, count = HEADER.unpack_from(blob)
print(magic, major, minor, count)
total = 0.0
kinds = {}
for n, (ident, name, price, kind) in enumerate(RECORD.iter_unpack(bytes(blob[HEADER.size:-TRAILER.size]))):
    assert ident == n
    total += price
    kinds[kind] = kinds.get(kind, 0) + 1
    if n % 10 == 0:
        print(ident, name.rstrip(b'\0').decode(), price, kind)
print(total, kinds)
print(TRAILER.unpack_from(blob, len(blob) - 8)[0] == checksum)

# a packed bitmap of many values, round-tripped
values = [(i * 7919) % 65536 - 32768 for i in range(1000)]
packed = struct.pack('>%dh' % len(values), *values)
print(len(packed), struct.unpack('>%dh' % len(values), packed) == tuple(values))
print(sum(struct.unpack_from('<10H', packed, 100)))
floats = [i / 7 for i in range(200)]
for fmt in ('<%de', '<%df', '<%dd'):
    got = struct.unpack(fmt % 200, struct.pack(fmt % 200, *floats))
    print(fmt, max(abs(a - b) for a, b in zip(floats, got)))

# network byte order
ip = struct.pack('!4B', 192, 168, 1, 42)
print(ip, '.'.join(map(str, ip)), struct.unpack('!I', ip)[0])
port = struct.pack('!H', 8080)
print(port.hex(), struct.unpack('>H', port))
