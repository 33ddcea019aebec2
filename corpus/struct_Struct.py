import struct

s = struct.Struct('<hi')
print(s.format, s.size, type(s).__name__, isinstance(s, struct.Struct))  # safepy: ignore[SP307]
b = s.pack(1, -2)
print(b, s.unpack(b), s.unpack_from(b'xx' + b, 2), s.unpack_from(b'xx' + b, offset=2))
buf = bytearray(12)
print(s.pack_into(buf, 6, 3, 4), buf)
print(s.pack_into(buf, -6, 5, 6), buf)
it = s.iter_unpack(bytes(buf))
print(type(it).__name__, next(it), list(it))
print(list(struct.iter_unpack('>H', b'\x00\x01\x00\x02\x00\x03')))
print(struct.Struct(b'>q').format, struct.Struct(b'>q').unpack(b'\xff' * 8))  # safepy: ignore[SP307]

class Point(struct.Struct):
    def __init__(self):
        super().__init__('<2d')
    def encode(self, x, y):
        return self.pack(x, y)
p = Point()
print(p.size, p.format, p.encode(1.0, 2.0).hex(), p.unpack(p.encode(3.5, -1)))  # safepy: ignore[SP307]

class Tagged(struct.Struct):
    tag = 'v1'
t = Tagged('>I')
t.note = 'hello'
print(t.tag, t.note, t.unpack(b'\x00\x00\x01\x00'), type(t).__name__)

s2 = struct.Struct('i')
s2.__init__('hh')
print(s2.format, s2.size, s2.pack(1, 2))  # safepy: ignore[SP307]

# iter_unpack over a bytearray that changes while it is read
data = bytearray(struct.pack('<4h', 1, 2, 3, 4))
it = struct.iter_unpack('<h', data)
out = []
for (v,) in it:
    out.append(v)
    if v == 2:
        data[4:6] = struct.pack('<h', 99)
print(out)
