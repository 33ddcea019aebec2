# Subclasses of bytes and bytearray: methods, operators giving plain values, __new__, repr/str as CPython.
class Packet(bytes):
    def header(self):
        return self[:2]
    def __repr__(self):
        return f'Packet({bytes(self)!r})'

p = Packet(b'\x01\x02payload')
print(p, p.header(), len(p), p[0], p + b'!', type(p + b'!').__name__, isinstance(p, bytes), p == b'\x01\x02payload')
print(p.decode('latin-1'), p.hex(), hash(p) == hash(b'\x01\x02payload'), {p: 1}[b'\x01\x02payload'], b'pay' in p, p.upper())
print(sorted([Packet(b'b'), Packet(b'a')]), list(Packet(b'ab')), bytes(p)[2:], str(Packet(b'x')))

class Buf(bytearray):
    def push(self, b):
        self.append(b)
        return self
bb = Buf(b'ab').push(99)
print(bb, len(bb), bb[2], type(bb).__name__, bytes(bb), bb + b'x', type(bb + b'x').__name__)
bb[0] = 65
bb.extend(b'zz')
del bb[1]
print(bb, bb.decode(), bb == bytearray(b'Aczz'))

class Tagged(bytes):
    def __new__(cls, data, tag):
        obj = super().__new__(cls, data)
        obj.tag = tag
        return obj
t = Tagged(b'data', 'T1')
print(t, t.tag, t.startswith(b'da'), Tagged.__name__)
