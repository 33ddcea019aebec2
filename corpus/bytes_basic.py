# bytes literals, repr, len, indexing, slicing, iteration, comparison, hashing
a = b"hello"
print(a, len(a), a[0], a[-1], a[1:3], a[::-1], a[::2], a[10:])
print(type(a), type(a[0]), type(a[1:2]))
print(B"x", rb"\x41\n", Rb"\d", bR"q", br"\\")
print(b'\x00\x7f\x80\xff\'"\t\n\r\\', b"'", b'"', b"'\"", b'\a\b\f\v', b'\101\7\777')
print(b"\u1234\N{DASH}\q", b"a\
b", b"ab" b'cd' rb'\n')
print(repr(b""), str(b"ab"), [b"x", b"y"], (b"z",), {b"k": b"v"})
print(list(b"abc"), [c for c in b"\x00\xff"], tuple(reversed(b"ab")) if False else 0)
print(b"abc" == b"abc", b"abc" != b"abd", b"abc" < b"abd", b"ab" < b"abc", b"b" > b"abc", b"" <= b"")
print(b"a" == "a", b"a" == 97, hash(b"abc") == hash(b"ab" + b"c"), hash(b"") == 0)
print({b"a": 1, b"a" + b"": 2}, len({b"x", b"x", b"y"}))
print(b"b" in b"abc", b"bc" in b"abc", b"" in b"", 98 in b"abc", 120 in b"abc", b"cb" in b"abc")
print(b"ab" + b"cd", b"ab" * 3, 2 * b"xy", b"ab" * 0, b"ab" * -1)
x = b"q"
x += b"r"
x *= 2
print(x, bool(b""), bool(b"\x00"), not b"")
print(bytes(), bytes(3), bytes([65, 66, 67]), bytes(range(3)), bytes(b"abc"), bytes((1, 2)))
print(bytes("héllo", "utf-8"), bytes("abc", encoding="ascii"), bytes(bytearray(b"q")))
print(isinstance(b"", bytes), isinstance(bytearray(), bytes), bytes.__name__)
print(sorted([b"b", b"a", b"ab"]), max(b"hello"), min(b"hello"), sum(b"\x01\x02"))
for i, c in enumerate(b"hi"):
    print(i, c, chr(c))
print(b"%s is %d years, %x %5.2f %r %c%c %%" % (b"Al", 30, 255, 3.14159, "q", 65, b"z"))
print(b"%-5s|%5s|" % (b"ab", b"cd"), b"%s" % b"one", b"%a" % "é")
