# Every codec against every error handler on strings with lone surrogates, and surrogateescape decoding.
s = "a\udc80\udcff\ud800b"
for enc in ["utf-8", "utf-16", "utf-16-le", "utf-32", "utf-32-be", "ascii", "latin-1"]:
    for eh in ["strict", "ignore", "replace", "backslashreplace", "xmlcharrefreplace", "surrogateescape"]:
        for t in [s, "\udc80", "x\udc80\udc81", "é\udc80"]:
            try:
                print(enc, eh, ascii(t), t.encode(enc, eh))
            except UnicodeEncodeError as e:
                print(enc, eh, ascii(t), "ERR", e, e.start, e.end)
for enc in ["utf-16-le", "utf-32-le", "utf-16", "utf-8", "ascii"]:
    for b in [b"\x80\xdc", b"\x00\xd8", b"a", b"\xff\xfe\x00\xd8\x80\xdc", b"\x80\xdc\x00\x00", b"ab\xff\xc3", b"\x00\x00\x11\x00"]:
        try:
            print(enc, b, ascii(b.decode(enc, "surrogateescape")))
        except UnicodeDecodeError as e:
            print(enc, b, "ERR", e)
