# An error handler is looked up when an error needs it, as CPython's codecs
# do: an unknown name passes while everything encodes or decodes.
cases = [
    ("abc", "utf-8", "bogus"), ("\u00e9", "ascii", "bogus"), ("\u00e9", "latin-1", "bogus"),
    ("\u20ac", "latin-1", "nope"), ("\ud800", "utf-16", "nope"), ("\ud800", "utf-32-le", "x"),
    ("ok", "utf-16", "x"), ("\u00e9", "cp1252", "x"), ("\u0100", "cp1252", "x"),
    ("\u00e9", "ascii", "surrogatepass"), ("abc", "ascii", "namereplace"),
]
for text, codec, handler in cases:
    try:
        print(repr(text.encode(codec, handler)))
    except Exception as e:
        print(type(e).__name__, e)

for data, codec, handler in [(b"abc", "utf-8", "nope"), (b"\xff", "utf-8", "nope"), (b"\xff", "ascii", "zzz"),
                             (b"a\x00", "utf-16-le", "zzz"), (b"\x00\xd8", "utf-16-le", "zzz"),
                             (b"abc", "utf-8", "xmlcharrefreplace"), (b"\xff", "utf-8", "xmlcharrefreplace"),
                             (b"\xff", "latin-1", "bogus"), (b"\x81", "cp1252", "bogus")]:
    try:
        print(repr(data.decode(codec, handler)))
    except Exception as e:
        print(type(e).__name__, e)

print(str(b"ab", "ascii", "zzz"), bytes("ab", "ascii", "zzz"), bytearray("ab", "ascii", "zzz"))
for f in (lambda: str(b"\x80", "ascii", "zzz"), lambda: bytes("\u00e9", "ascii", "zzz"), lambda: "a".encode("utf-8", 5)):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
