# csv.Sniffer.sniff without quotes: the character-frequency vote over
# chunks of ten lines, the consistency threshold and the preferred list.
import csv

sn = csv.Sniffer()

def show(label, sample, delimiters=None):
    try:
        d = sn.sniff(sample, delimiters)
    except csv.Error as e:
        print(label, "Error:", e)
        return
    print(label, repr(d.delimiter), repr(d.quotechar), d.doublequote, d.skipinitialspace)

show("tabs", "a\tb\tc\n1\t2\t3\n4\t5\t6\n")
show("semicolons", "a;b;c\n1;2;3\n4;5;6\n")
show("colons", "root:x:0:0\nbin:x:1:1\nuser:x:1000:1000\n")
show("pipes", "a|b\nc|d\ne|f\n")
show("spaces", "a b c\nd e f\n")
show("comma and semicolon", "a,b;c\nd,e;f\n")
show("preferred order", "a:b;c\nd:e;f\n")
show("not preferred", "a|b#c\nd|e#f\n")
show("dominant", "a#b#c|d\ne#f#g|h\n")
# more than ten rows: later chunks decide when the first is inconsistent
rows = ["x,y"] * 9 + ["x;y;z"] + ["p;q"] * 15
show("chunks", "\n".join(rows))
rows = ["a-b-c"] * 12 + ["a-b"] * 2
show("mostly", "\n".join(rows))
show("ninety percent", "\n".join(["a,b"] * 9 + ["ab"]))
show("below threshold", "\n".join(["a,b"] * 8 + ["ab", "cd"]))
show("empty lines", "\n\na,b\n\nc,d\n\n")
show("one line", "a,b,c")
show("one field", "abc\ndef\n")
show("letters only", "abc def")
show("numbers", "1.5 2.5\n3.5 4.5\n")
show("restricted", "a,b;c\nd,e;f\n", ";")
show("restricted none", "a,b\nc,d\n", ";")
show("skip", "a, b, c\nd, e, f\n")
show("skip partial", "a, b,c\nd, e,f\n")
show("crlf", "a;b\r\nc;d\r\n")
show("control", "a\x01b\nc\x01d\n")
show("unicode", "é,ü\nö,ä\n")
