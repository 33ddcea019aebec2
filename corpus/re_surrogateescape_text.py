# Parsing text decoded with surrogateescape (undecodable bytes kept as lone
# surrogates) with regular expressions, then writing the bytes back.
import re

raw_lines = [b"user=alice;home=/home/alice", b"user=b\xf6rje;home=/home/b\xf6rje", b"user=\xff\xfe;home=?",
             b"note=caf\xe9 au lait;size=2"]
pair = re.compile(r"(?P<key>\w+)=(?P<value>[^;]*)")
for raw in raw_lines:
    text = raw.decode("utf-8", "surrogateescape")
    fields = {m["key"]: m["value"] for m in pair.finditer(text)}
    bad = [hex(ord(c)) for c in text if "\udc80" <= c <= "\udcff"]
    cleaned = re.sub(r"[^\x00-\x7f]", "?", text)
    back = {k: v.encode("utf-8", "surrogateescape") for k, v in fields.items()}
    print(ascii(fields), bad, cleaned, back)

text = "A\udce9\udce9B\udce9C"
print(re.findall(r"(.)\1", text) == ["\udce9"], [m.span() for m in re.finditer(r"\W+", text)])
print(ascii(re.split(r"\W", text)), ascii(re.sub(r"(\W)", r"<\1>", text)))
print(re.fullmatch(r"\w\W+\w\W\w", text) is not None, re.search(r"\d|\s", text))
print(ascii(re.match(r"A(.)", text).group(1)), re.match(r"A(.)", text).start(1))
print(ascii(re.sub(r"(?i)b", lambda m: m.group().lower() * 2, text)))
print([ascii(x) for x in re.findall(r"[^\x00-\x7f]+|[A-Z]", text)])
print(len(re.findall(r".", "\ud800\udbff\udc00\udfff")), re.subn(r".", "-", "x\ud800y"))
