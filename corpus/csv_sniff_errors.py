# csv.Sniffer: the errors of sniff and has_header, with CPython's messages.
import csv

sn = csv.Sniffer()

def attempt(label, f, *args, **kw):
    try:
        r = f(*args, **kw)
    except Exception as e:
        print(label, type(e).__name__, e)
    else:
        print(label, "->", r if not isinstance(r, type) else r.delimiter)

attempt("empty", sn.sniff, "")
attempt("blank lines", sn.sniff, "\n\n\n")
attempt("no delimiter", sn.sniff, "abc\ndefg\nh\n")
attempt("inconsistent", sn.sniff, "a,b\nc;d;e\nf g\n")
attempt("excluded", sn.sniff, "a,b\nc,d\n", delimiters=";")
attempt("int sample", sn.sniff, 42)
attempt("bytes sample", sn.sniff, b"a,b\n")
attempt("none sample", sn.sniff, None)
attempt("no args", sn.sniff)
attempt("too many", sn.sniff, "a,b", ",", 3)
attempt("bad kw", sn.sniff, "a,b", delims=",")
attempt("twice", sn.sniff, "a,b", sample="a,b")
attempt("kw sample", sn.sniff, sample="a;b\nc;d\n")
attempt("int delimiters", sn.sniff, '"a","b"\n', 5)
attempt("int delimiters freq", sn.sniff, 'a,b\nc,d\n', 5)
attempt("hh empty", sn.has_header, "")
attempt("hh int", sn.has_header, 3)
attempt("hh bytes", sn.has_header, b"a,b")
attempt("hh none", sn.has_header, None)
attempt("hh no args", sn.has_header)
attempt("hh kw", sn.has_header, sample="a,b\n1,2\n")
attempt("hh too many", sn.has_header, "a", "b")
attempt("unbound", csv.Sniffer.sniff)
try:
    csv.Sniffer().sniff("x y z")
except csv.Error as e:
    print(type(e), e.args)
