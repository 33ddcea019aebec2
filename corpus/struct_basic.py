import struct

values = {
    'b': [-128, -1, 0, 1, 127], 'B': [0, 1, 200, 255], 'h': [-32768, -2, 0, 300, 32767],
    'H': [0, 513, 65535], 'i': [-2**31, -5, 0, 7, 2**31 - 1], 'I': [0, 2**32 - 1, 123456789],
    'l': [-2**31, 0, 2**31 - 1], 'L': [0, 2**32 - 1], 'q': [-2**63, -1, 0, 2**63 - 1],
    'Q': [0, 2**64 - 1, 2**40 + 3], '?': [True, False, 0, 5, [], [0], '', 'x'],
    'e': [0.0, -0.0, 1.0, -2.5, 65504.0, 0.1, 1e-7], 'f': [0.0, 1.5, -3.25, 0.1, 1e30],
    'd': [0.0, -0.0, 1e308, 2.0 ** -1074, 0.1, -123.456],
}
for order in '@=<>!':
    for ch, vals in values.items():
        fmt = order + ch
        out = []
        for v in vals:
            try:
                b = struct.pack(fmt, v)
                out.append((b.hex(), struct.unpack(fmt, b)[0]))
            except (struct.error, OverflowError) as e:
                out.append(type(e).__name__ + ': ' + str(e))
        print(fmt, struct.calcsize(fmt), out)

for order in '@>':
    for ch in 'nNP':
        try:
            fmt = order + ch
            b = struct.pack(fmt, 12345)
            print(fmt, b.hex(), struct.unpack(fmt, b))
        except struct.error as e:
            print(fmt, 'error:', e)

print(struct.pack('c', b'x'), struct.unpack('3c', b'abc'))
print(struct.pack('5s', b'ab'), struct.pack('2s', b'abcdef'), struct.pack('0s', b'q'))
print(struct.pack('5p', b'ab'), struct.pack('3p', b'abcdef'), struct.pack('1p', b'zz'))
print(struct.unpack('5p', b'\x02abcd'), struct.unpack('3p', b'\x09ab'), struct.unpack('5s', b'a\x00b\x00c'))
print(struct.pack('2x3x'), struct.unpack('2xb2x', b'\x00\x00\x07\x00\x00'))
print(struct.pack('<3h2?', 1, -2, 3, True, 0), struct.pack('>2e', 1.0, -2.0))
print(struct.pack('<4s i', b'RIFF', 36), struct.pack('< 4s  i ', b'WAVE', 1))
print(struct.pack(b'>I', 0xDEADBEEF).hex(), struct.unpack(b'<I', bytearray(b'\xef\xbe\xad\xde')))
print(struct.pack('300p', b'a' * 300)[:4], struct.unpack('300p', b'\xff' + b'a' * 299)[0][-3:])

class Idx:
    def __init__(self, n):
        self.n = n
    def __index__(self):
        return self.n
class Flt:
    def __float__(self):
        return 2.75
print(struct.pack('<iQb', Idx(-4), Idx(2**60), Idx(3)).hex(), struct.pack('<dfe', Flt(), Idx(3), Flt()).hex())
print(struct.pack('<h', True), struct.pack('>q', False))
print(struct.calcsize(''), struct.pack(''), struct.unpack('', b''), struct.unpack('0i', b''))
