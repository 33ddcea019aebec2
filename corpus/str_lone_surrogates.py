# Lone surrogates in str: repr/ascii, methods, hashing, unicodedata; printing one fails as CPython's strict stdout does.
import unicodedata

raw = b"caf\xe9 \xff\xfe ok"
s = raw.decode("utf-8", "surrogateescape")
print(repr(s), len(s), ascii(s), s.isprintable(), s.isascii())
print(s.encode("utf-8", "surrogateescape") == raw, s.encode("latin-1", "surrogateescape"))
print([hex(ord(c)) for c in s if ord(c) > 127], ascii(s.upper()), ascii(s[3]), repr(s[3]), s.index("\udcff"))
print(hash("\udc80") == hash(chr(0xDC80)), "\udc80" == chr(0xDC80), "\ud800" < "\ue000", ascii(sorted(["\ue000", "\udc80", "z"])))
print(repr("\ud83d\ude00"), len("\ud83d\ude00"), "\ud83d" + "\ude00" == "\ud83d\ude00", "\U0001f600" == "\ud83d\ude00")
print("%r|%s" % ("\udc80", ascii("\udc80")), "{!r}".format("\udcff"), f"{s!a}")
print(str(b"\x80abc", "ascii", "surrogateescape").encode("ascii", "surrogateescape"))
print(bytes("\udc80x", "utf-8", "surrogateescape"), ascii("x\udcffy".split("\udcff")), ascii("\udc80".join("ab")))
print(repr("a\udc80".replace("\udc80", "?")), "\udc80" in s, s.count("\udcff"), ascii(s.rstrip(" ok")))
print(repr(s.encode("utf-8", "backslashreplace")), s.encode("ascii", "xmlcharrefreplace"))
print({s: 1}[raw.decode("utf-8", "surrogateescape")], len({s, s[:], s + ""}), ascii(s[::-1]))

t = b"ab\xffcd".decode("utf-8", "surrogateescape")
print(ascii(t.replace("c", "C")), ascii(t.partition("\udcff")), ascii(t.title()), ascii(t.swapcase()), t.isalpha())
print(unicodedata.category("\udcff"), ascii(unicodedata.normalize("NFC", t)), unicodedata.is_normalized("NFD", t))
print(ascii(t.center(9, "*")), ascii(t.ljust(7)), ascii(f"{t:>8}"), ascii(t.zfill(7)), ascii(t.casefold()))
print(ascii("%s|%5s" % (t, "\udc80")), ascii(str([t])), ascii(repr({t: 1})), ascii(t.translate({ord("a"): 0xDC00})))
for c in "\udc80\ud800":
    print(unicodedata.category(c), unicodedata.bidirectional(c), unicodedata.combining(c),
          unicodedata.east_asian_width(c), unicodedata.mirrored(c), unicodedata.name(c, "?"))
for i, ch in enumerate(t):
    print(i, ascii(ch), ord(ch), ch.isalnum(), ch.isspace())
print("the next line cannot be written:", end=" ")
print("ok", t)
