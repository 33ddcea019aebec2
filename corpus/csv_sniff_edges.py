# csv.Sniffer on edge samples: a str subclass, NUL and regex-special
# delimiters (escaped in the doublequote expression), lone surrogates, CR only.
import csv
class S(str): pass
sn = csv.Sniffer()
for s in [S("a,b\nc,d\n"), 'a\x00b\nc\x00d\n', '"a"\x00"b"\n"c"\x00"d"\n', '"a"]"b"\n"c"]"d"\n', '"a"\\"b"\n', '"a"-"b"-"c"\n', '"a"^"b"\n"x"^"y"\n', 'é;"ü";ö\n', '"a\ud800"|"b"\n', ' "a", "b"\n "c", "d"\n', "'a' 'b'\n'c' 'd'\n", '"a"\r"b"\r', 'x\t"a""b"\t"c"\ny\t"d"\t"e"\n']:
    try:
        d = sn.sniff(s)
        print(repr(d.delimiter), repr(d.quotechar), d.doublequote, d.skipinitialspace)
    except Exception as e:
        print(type(e).__name__, e)
    try:
        print(sn.has_header(s))
    except Exception as e:
        print(type(e).__name__, e)
