# Round-tripping undecodable bytes (file names, log lines) through str with surrogateescape.
RAW_NAMES = [b"notes.txt", b"caf\xc3\xa9.md", b"legacy_\xe9t\xe9.doc", b"\xff\xfebinary.bin", b"ok\x80\x81"]


def to_text(raw):
    return raw.decode("utf-8", errors="surrogateescape")


def to_bytes(text):
    return text.encode("utf-8", errors="surrogateescape")


def printable(text):
    """What a log line can show: undecodable bytes as \\xNN escapes."""
    return to_bytes(text).decode("utf-8", errors="backslashreplace")


def has_undecodable(text):
    return any(0xDC80 <= ord(ch) <= 0xDCFF for ch in text)


names = [to_text(n) for n in RAW_NAMES]
for raw, name in zip(RAW_NAMES, names):
    back = to_bytes(name)
    print(f"{printable(name):<28} len={len(name):<3} clean={not has_undecodable(name)!s:<5} same={back == raw}")

bad = [n for n in names if has_undecodable(n)]
print(len(bad), "names need escaping:", [ascii(n) for n in bad])
print(sorted(names, key=lambda n: to_bytes(n))[0] == names[3])
print({n: len(to_bytes(n)) for n in names if n.endswith((".txt", ".md"))})

cleaned = [n.encode("utf-8", "replace").decode("utf-8") for n in names]
print(cleaned)
print([n.encode("ascii", "surrogateescape") if n.isascii() else ascii(n) for n in names])

line = b"GET /caf\xe9 200\n".decode("ascii", "surrogateescape")
method, path, status = line.split()
print(method, ascii(path), int(status), path.encode("latin-1", "surrogateescape").decode("latin-1"))

for text, enc in [("caf\udce9", "utf-8"), ("\udc80\ud800", "ascii"), ("x\udcff", "utf-16-le")]:
    try:
        print(text.encode(enc, "surrogateescape"))
    except UnicodeEncodeError as e:
        print(f"{type(e).__name__}: {e} [{e.encoding} {e.start}:{e.end}]")

try:
    b"\x00\xd8".decode("utf-16-le", "surrogateescape")
except UnicodeDecodeError as e:
    print(f"{type(e).__name__}: {e} [{e.reason}]")
print(ascii(b"\x80\xdc\x41\x00".decode("utf-16-le", "surrogateescape")))
try:
    bytes.fromhex("ff fe 41 00").decode("utf-32-le", "surrogateescape")
except UnicodeDecodeError as e:
    print(f"{type(e).__name__}: {e} [{e.start}:{e.end}]")
print("writing the raw name fails:")
print(names[2])
