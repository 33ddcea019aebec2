print(f"{b'x'}", f"{b'x'!r}", format(b'x'), str(bytearray(b"a")))
print(list(reversed(b"ab")), sorted(b"cab"), bytes(reversed(b"ab")))
print(type(bytearray.fromhex("00")), b"abc".decode(errors="strict"))
d = {}
d[b"k"] = 1
print(d, b"k" in d, bytearray(b"k") == b"k")
print(b"a" in bytearray(b"abc"), 97 in bytearray(b"abc"))
x = bytearray(b"ab")
for c in x:
    if len(x) < 5:
        x.append(c)
print(x)
print(1)
print(b"a b".split(maxsplit=1), b"x".center(4), ord(b"a"), b"ab"[True])
print(", ".join(str(c) for c in b"\x01\x02"), "café".encode().hex())
print(bytes.maketrans if False else 1, len(b"\x00" * 1000))
print(list(map(hex, b"\x10\x20")), any(b"\x00"), all(b"\x01"))

print(isinstance(b"", (bytes, bytearray)), bytes is type(b""), "bytes" in repr(bytes))
