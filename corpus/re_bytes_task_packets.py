import re

# a capture of a line protocol: headers, binary payload lengths, checksums
capture = (b"HELLO v=2 id=0x1f\r\n"
           b"DATA len=5 crc=ab12\r\n\x00\x01\xfe\xff\x7f\r\n"
           b"DATA len=3 crc=00ff\r\nxyz\r\n"
           b"NOTE text=caf\xe9 au lait\r\n"
           b"DATA len=2 crc=zzzz\r\n\x80\x81\r\n"
           b"BYE code=0\r\n")

header = re.compile(rb"^(?P<verb>[A-Z]+)((?: \w+=[^\r\n ]+)*)", re.M)
pair = re.compile(rb"(\w+)=([^\s]+)")
pos = 0
records = []
while True:
    m = header.search(capture, pos)
    if not m:
        break
    fields = {k.decode(): v for k, v in pair.findall(m.group(2))}
    end = m.end() + 2
    payload = b""
    if m["verb"] == b"DATA":
        n = int(fields["len"])
        payload = capture[end:end + n]
        end += n + 2
    records.append((m.group("verb"), fields, payload))
    print(m.span(), m.group("verb"), sorted(fields.items()), payload)
    pos = end
print(len(records), "records")
crc_ok = re.compile(rb"[0-9a-f]{4}\Z")
for verb, fields, payload in records:
    if verb == b"DATA":
        print(fields["len"], bool(crc_ok.match(fields["crc"])), payload.hex())
print(re.findall(rb"\r\n", capture).__len__(), re.split(rb"\r\n", capture)[:3])
print(re.sub(rb"[\x80-\xff]", lambda m: b"\\x%02x" % m.group()[0], capture[60:120]))
print(re.sub(rb"(\w+)=(\S+)", rb"\2<-\1", b"a=1 bb=22 c=\xe9"))
print(re.subn(rb"(?i)data", b"D", capture)[1], re.escape(b"len=5?*"))
text = capture.decode("latin-1")
print(re.findall(r"caf\w+", text), re.findall(rb"caf\w+", capture), re.findall(rb"caf\S+", capture))
words = re.compile(rb"[a-z]+", re.I)
print([w for w in words.findall(capture) if len(w) > 3])
print(re.fullmatch(rb"(?s).*BYE.*", capture) is not None, re.search(rb"\bid=0x([0-9a-f]+)", capture).group(1))
it = re.finditer(rb"len=(\d+)", capture)
print([(m.start(), int(m[1])) for m in it])
