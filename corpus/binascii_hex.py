# hexlify/unhexlify and their aliases: separators, str input, errors.
import binascii

def t(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)

for data in (b"", b"\x01", b"\x01\x02\x03", bytes(range(10)), bytearray(b"\xff\x00\x7f")):
    print(binascii.hexlify(data), binascii.b2a_hex(data), binascii.hexlify(data, "-"), binascii.hexlify(data, b":", 2),
          binascii.hexlify(data, " ", -3), binascii.hexlify(data, sep="|", bytes_per_sep=4))
    assert binascii.unhexlify(binascii.hexlify(data)) == data
t(lambda: binascii.hexlify(b"abc", "ab"))
t(lambda: binascii.hexlify(b"abc", ""))
t(lambda: binascii.hexlify(b"abc", 1))
t(lambda: binascii.hexlify("abc"))
t(lambda: binascii.hexlify(b"abc", "-", 0))
t(lambda: binascii.hexlify(b"abcdef", "-", 10))
t(lambda: binascii.hexlify(b"abcdef", "-", "2"))
t(lambda: binascii.unhexlify("abc"))
t(lambda: binascii.unhexlify(b"zz"))
t(lambda: binascii.unhexlify("0aFF"))
t(lambda: binascii.unhexlify("\xe90"))
t(lambda: binascii.unhexlify(5))
t(lambda: binascii.a2b_hex(bytearray(b"00ff")))
t(lambda: binascii.unhexlify("0a 0b"))
t(lambda: binascii.unhexlify(hexstr="41"))
for i in range(0, 300, 17):
    b = bytes((j * 31 + i) & 255 for j in range(i))
    h = binascii.hexlify(b, ".", 3)
    print(i, h[-14:], binascii.unhexlify(binascii.b2a_hex(b)) == b)
