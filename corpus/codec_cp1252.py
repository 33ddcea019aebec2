# Windows-1252 text: decoding legacy bytes, encoding for a legacy system,
# and repairing mojibake.
legacy = b"Caf\xe9 \x93quoted\x94 \x96 price \x80 5 \x85 na\xefve \x99"
text = legacy.decode("cp1252")
print(text)
print(text.encode("windows-1252") == legacy, len(text), len(legacy))

# mojibake: UTF-8 bytes read as cp1252, then repaired
original = "Zürich – “smart quotes” — €"
garbled = original.encode("utf-8").decode("cp1252", errors="replace")
print(ascii(garbled))
repaired = original.encode("utf-8").decode("cp1252", errors="surrogateescape").encode("cp1252", errors="surrogateescape").decode("utf-8")
print(repaired == original, repaired)

for ch in ["é", "€", "Ā", "\x81", "😀", "ÿ"]:
    try:
        print(repr(ch), ch.encode("cp1252"))
    except UnicodeEncodeError as e:
        print(repr(ch), "->", e.encoding, e.start, e.end, e.reason, "|", e)

for errors in ["replace", "ignore", "backslashreplace", "xmlcharrefreplace"]:
    print(errors, "Łódź → €100".encode("cp1252", errors))

for raw in [b"\x81", b"ok\x8d\x8f", b"\x90\x9d end"]:
    try:
        raw.decode("cp1252")
    except UnicodeDecodeError as e:
        print(e.args, "|", e)
    print(ascii(raw.decode("cp1252", "backslashreplace")), ascii(raw.decode("cp1252", "surrogateescape")))

try:
    "a\u0100\u0101\udc80b".encode("cp1252", "surrogateescape")
except UnicodeEncodeError as e:
    print(e.args)
print("x\udc93y\udc94".encode("cp1252", "surrogateescape"))
print(bytes("naïve", "cp1252"), str(b"\x8a\x9a", "CP1252"), bytearray("€", encoding="1252"))
