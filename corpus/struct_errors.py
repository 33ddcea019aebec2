import struct

def attempt(label, f):
    try:
        r = f()
        print(label, '->', repr(r)[:120])
    except Exception as e:
        print(label, '->', type(e).__name__ + ':', e)

cases = [
    ('b128', lambda: struct.pack('b', 128)), ('B-1', lambda: struct.pack('B', -1)),
    ('h', lambda: struct.pack('h', 40000)), ('H', lambda: struct.pack('H', -1)),
    ('i', lambda: struct.pack('i', 2**31)), ('I', lambda: struct.pack('I', 2**32)), ('I-', lambda: struct.pack('I', -1)),
    ('l', lambda: struct.pack('l', 2**63)), ('L', lambda: struct.pack('L', -1)), ('q', lambda: struct.pack('q', 2**63)),
    ('Q', lambda: struct.pack('Q', 2**64)), ('n', lambda: struct.pack('n', -2**63 - 1)), ('N', lambda: struct.pack('N', -1)),
    ('>h', lambda: struct.pack('>h', 2**15)), ('>H', lambda: struct.pack('>H', 2**16)), ('>H-', lambda: struct.pack('>H', -1)),
    ('>i', lambda: struct.pack('>i', -2**31 - 1)), ('>I', lambda: struct.pack('>I', 2**32)),
    ('<l', lambda: struct.pack('<l', 2**31)), ('<L', lambda: struct.pack('<L', 2**32)),
    ('>q', lambda: struct.pack('>q', 2**63)), ('>Q', lambda: struct.pack('>Q', -1)), ('<q', lambda: struct.pack('<q', 2**63)),
    ('P', lambda: struct.pack('P', 2**64)), ('bigb', lambda: struct.pack('b', 2**80)),
    ('float-i', lambda: struct.pack('i', 1.0)), ('str-i', lambda: struct.pack('i', '1')), ('none-q', lambda: struct.pack('q', None)),
    ('str-d', lambda: struct.pack('d', '1.0')), ('big-d', lambda: struct.pack('d', 10**400)),
    ('f-over', lambda: struct.pack('<f', 1e300)), ('f-native', lambda: struct.pack('f', 1e300)),
    ('e-over', lambda: struct.pack('e', 1e6)), ('e-int', lambda: struct.pack('e', 70000)),
    ('f-int', lambda: struct.pack('>f', 2**200)),
    ('c-str', lambda: struct.pack('c', 'a')), ('c-long', lambda: struct.pack('c', b'ab')), ('c-ba', lambda: struct.pack('c', bytearray(b'a'))),
    ('s-str', lambda: struct.pack('s', 'a')), ('p-int', lambda: struct.pack('p', 1)),
    ('few', lambda: struct.pack('ii', 1)), ('many', lambda: struct.pack('i', 1, 2)), ('none', lambda: struct.pack()),
    ('kw', lambda: struct.pack('i', v=1)), ('badchar', lambda: struct.calcsize('iy')), ('std-n', lambda: struct.calcsize('<n')),
    ('std-P', lambda: struct.calcsize('!P')), ('count-only', lambda: struct.calcsize('12')), ('space-count', lambda: struct.calcsize('2 i')),
    ('double-order', lambda: struct.calcsize('<>i')), ('late-order', lambda: struct.calcsize('i<')), ('nul', lambda: struct.calcsize('i\0')),
    ('fmt-int', lambda: struct.calcsize(4)), ('fmt-none', lambda: struct.Struct(None)), ('calc0', lambda: struct.calcsize()),
    ('huge', lambda: struct.calcsize('99999999999999999999i')), ('huge2', lambda: struct.calcsize('9223372036854775807q')),
    ('huge3', lambda: struct.calcsize('4611686018427387904h')), ('huge4', lambda: struct.calcsize('9223372036854775807x')),
    ('huge5', lambda: struct.calcsize('9223372036854775807xc')), ('big-ok', lambda: struct.calcsize('1000000000000i')),
    ('unpack-short', lambda: struct.unpack('i', b'abc')), ('unpack-long', lambda: struct.unpack('<h', b'abc')),
    ('unpack-str', lambda: struct.unpack('i', 'abcd')), ('unpack-args', lambda: struct.unpack('i')),
    ('unpack-list', lambda: struct.unpack('b', [1])),
    ('from-end', lambda: struct.unpack_from('i', b'abcdef', 4)), ('from-neg', lambda: struct.unpack_from('i', b'abcdef', -1)),
    ('from-neg-ok', lambda: struct.unpack_from('h', b'abcdef', -2)), ('from-far', lambda: struct.unpack_from('i', b'abcdef', -10)),
    ('from-kw', lambda: struct.unpack_from('i', buffer=b'abcdefgh', offset=4)), ('from-str', lambda: struct.unpack_from('i', b'abcd', '0')),
    ('into-bytes', lambda: struct.pack_into('i', b'abcd', 0, 1)), ('into-short', lambda: struct.pack_into('i', bytearray(4), 2, 1)),
    ('into-neg', lambda: struct.pack_into('i', bytearray(4), -2, 1)), ('into-far', lambda: struct.pack_into('i', bytearray(4), -10, 1)),
    ('into-noargs', lambda: struct.pack_into('i')), ('into-nooff', lambda: struct.pack_into('i', bytearray(4))),
    ('into-novalue', lambda: struct.pack_into('i', bytearray(4), 0)),
    ('iter-odd', lambda: struct.iter_unpack('i', b'abcdef')), ('iter-zero', lambda: struct.iter_unpack('', b'ab')),
    ('iter-args', lambda: struct.iter_unpack('i')),
    ('Struct-none', lambda: struct.Struct()), ('Struct-two', lambda: struct.Struct('i', 'h')),
    ('Struct-unpack0', lambda: struct.Struct('i').unpack()), ('Struct-bad', lambda: struct.Struct('iz')),
]
for label, f in cases:
    attempt(label, f)

class Boom:
    def __index__(self):
        raise ValueError('index failed')
class NotInt:
    def __index__(self):
        return 'x'
attempt('boom', lambda: struct.pack('i', Boom()))
attempt('boom-d', lambda: struct.pack('d', Boom()))
attempt('notint', lambda: struct.pack('i', NotInt()))
attempt('bigidx-Q', lambda: struct.pack('>Q', type('N', (), {'__index__': lambda s: -1})()))  # safepy: ignore[SP308]
print(issubclass(struct.error, Exception), struct.error.__name__, struct.error.__module__)
struct.unpack('>I', b'\x00\x01')
