# Reporting encoding problems from the fields of UnicodeError subclasses,
# as a data-cleaning script would.
samples = [b"caf\xc3\xa9", b"na\xefve", b"ok", bytearray(b"\xff\xfeab"), b"\xe2\x82"]


def decode_report(raw):
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        bad = e.object[e.start:e.end]
        print(f"  {e.encoding}: {bad!r} at {e.start}-{e.end} ({e.reason}); args={e.args}")
        print("  str:", e)
        print("  repr:", repr(e))
        print("  object type:", type(e.object).__name__)
        return raw.decode("utf-8", errors="replace")


for raw in samples:
    print(repr(raw), "->", repr(decode_report(raw)))

for text, codec in [("plain", "ascii"), ("résumé", "ascii"), ("price: €5", "latin-1"), ("a\udcff", "utf-8"),
                    ("😀 ok", "ascii"), ("ééé", "ascii")]:
    try:
        text.encode(codec)
        print(codec, "ok")
    except UnicodeEncodeError as e:
        print(codec, e.args, "|", e, "|", ascii(e.object[e.start:e.end]))

# made by hand, the fields and the message follow the arguments
err = UnicodeDecodeError("utf-16", b"\x00\xd8\x00", 0, 2, "unpaired surrogate")
print(err, err.args)
err.start, err.end = 2, 3
print(err, err.args, err.start)
err.reason = "changed"
print(err)
err = UnicodeEncodeError("ascii", "abc", 5, 9, "out of range")
print(err, err.start, err.end)
tr = UnicodeTranslateError("x\u0100y", 1, 2, "no mapping")
print(tr, tr.args, tr.encoding, tr.object, tr.start, tr.end, tr.reason)
print(UnicodeTranslateError("xyz", 0, 3, "nothing"))
print(UnicodeEncodeError("ascii", "\U0001f600", 0, 1, "emoji"))
print(isinstance(err, UnicodeError), isinstance(err, ValueError), UnicodeError("generic", 2).args)

for args in [("utf-8",), ("utf-8", "text", 0, 1, "r"), (1, b"x", 0, 1, "r"), ("utf-8", b"x", "0", 1, "r"),
             ("utf-8", b"x", 0, 1, b"r"), ("utf-8", b"x", 0, 2**70, "r")]:
    try:
        UnicodeDecodeError(*args)
    except (TypeError, OverflowError) as e:
        print(type(e).__name__, e)
try:
    UnicodeEncodeError("ascii", b"bytes", 0, 1, "r")
except TypeError as e:
    print("TypeError", e)
try:
    UnicodeTranslateError("a", 0, 1)
except TypeError as e:
    print("TypeError", e)

raise UnicodeDecodeError("utf-8", bytearray(b"\x80abc"), 0, 1, "invalid start byte")
