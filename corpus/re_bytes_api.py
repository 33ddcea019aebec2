# re with bytes patterns: results, flags, errors, templates, bytearray subjects
import re
ba = bytearray(b"ab12cd")
m = re.search(rb"\d+", ba)
print(m, type(m.group()), m.string, re.findall(rb"\d", ba), re.split(rb"\d", ba), re.sub(rb"\d", b"#", ba), type(re.sub(rb"\d", b"#", ba)))
print(re.split(rb"(\d)", b"a1b"), re.sub(b"x", lambda m: b"y", b"axb"), re.subn(b"a", b"\\g<0>\\g<0>", b"banana"))
print(re.findall(b"(a)(n)?", b"banana"), m.groups(), m.span(), re.match(b"(?P<x>b)", b"b").groupdict())
print(re.compile(b"a", re.I).flags, re.compile(b"a").flags, re.compile("a").flags, re.compile(b"\\w+", re.A))
for f in [lambda: re.sub(b"a", "x", b"a"), lambda: re.sub(b"a", lambda m: "x", b"a"), lambda: re.search(b"a", "a"), lambda: re.search("a", b"a"),
          lambda: re.compile(b"\\u1234"), lambda: re.compile(b"a", re.U), lambda: re.compile(b"(?u)a"), lambda: re.compile(b"a", re.L | re.A),
          lambda: re.compile(bytearray(b"a")), lambda: re.compile(b"(?L)a"), lambda: re.compile(b"[\\N{DIGIT ONE}]"), lambda: re.sub("a", b"x", "a"),
          lambda: re.escape(b"a.b*c\xff"), lambda: re.compile(b"(a"), lambda: re.compile(b"a\n(b"), lambda: re.sub(b"(a)", b"\\2", b"a"),
          lambda: re.match(b"\xe9", b"\xc9", re.I), lambda: re.match(b"\\w", b"\xe9"), lambda: re.fullmatch(rb"[^a]+", b"\xff\x00"),
          lambda: re.sub(b"(?P<n>x)", b"[\\g<n>]", b"axb"), lambda: re.sub(b"x", b"\\101\\777", b"x"),
          lambda: re.compile(b"a").search(b"xa", 1), lambda: re.match(rb"\s+", b" \t\x0b\x1c"),
          lambda: re.compile(rb"(?i)[a-z]+").findall(b"Hello WORLD \xc9"), lambda: re.match(rb"\W", b"\xaa"), lambda: re.split(b"", b"ab"), lambda: repr(re.search(rb".+", b"x" * 60))]:
    try: print(repr(f()))
    except Exception as e: print(type(e).__name__, e)
