# Case mappings of non-ASCII strings keep U+0000 (it maps to itself).
samples = ["\u01c5\x00", "\x00\u01c5x", "a\x00\u00df\x00", "\u03a3\x00\u03a3", "İ\x00x", "\x00"]
for s in samples:
    for m in ("upper", "lower", "capitalize", "title", "swapcase", "casefold"):
        print(m, repr(getattr(s, m)()))  # safepy: ignore[SP305]
    print(repr(s.center(7, "\x00")), repr(s.expandtabs(0)), s.isprintable(), repr(s.strip("\x00")))
