import struct

for fmt in ['99999999999999999999i', '9223372036854775807q', '9223372036854775808x', '4611686018427387904i',
            '2305843009213693952Q', '9223372036854775807c1c', '1' * 40 + 's']:
    try:
        print(fmt[:25], struct.calcsize(fmt))
    except struct.error as e:
        print(fmt[:25], 'error:', e)
for fmt in ['100000000000000s', '4000000000i', '200000000000000x']:
    try:
        struct.unpack(fmt, b'')
    except struct.error as e:
        print(fmt, 'error:', e)
    try:
        struct.pack(fmt)
    except (struct.error, MemoryError) as e:
        print(fmt, type(e).__name__, e)
print(len(struct.pack('100000x')), len(struct.pack('100000s', b'abc')), struct.pack('100000s', b'abc')[:5])
print(sum(struct.unpack('20000B', bytes(range(256)) * 78 + bytes(32))))
