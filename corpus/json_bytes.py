import json
s = '{"a": ["\u00e9", 1, "\U0001f600"]}'
for enc in ["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le", "utf-32-be"]:
    b = b"\xef\xbb\xbf" + s.encode("utf-8") if enc == "utf-8-sig" else s.encode(enc)
    print(enc, json.detect_encoding(b), json.loads(b), json.loads(bytearray(b)))
for b in [b"1", b"12", b"[]", b"\x00\x31", b"\x31\x00", b""]:
    print(b, json.detect_encoding(b))
try:
    json.loads(b"")
except json.JSONDecodeError as e:
    print(e)
try:
    json.loads(b"\xff\xff\xff")
except UnicodeDecodeError as e:
    print("UnicodeDecodeError")
try:
    json.loads(3.5)
except TypeError as e:
    print(e)
