# csv.Sniffer: the delimiters argument as any container (its __contains__
# is asked in the order CPython asks it), and self.preferred changed.
import csv

class Logged:
    def __init__(self, chars):
        self.chars = chars
    def __contains__(self, c):
        print("  in?", repr(c))
        return c in self.chars

sn = csv.Sniffer()
d = sn.sniff('"a";"b","c"\n"d";"e","f"\n', Logged(";"))
print(repr(d.delimiter))
d = sn.sniff("a;b,c\nd;e,f\n", Logged(",;"))
print(repr(d.delimiter))
d = sn.sniff("a;b,c\nd;e,f\n", [";"])
print(repr(d.delimiter))
d = sn.sniff("a;b,c\nd;e,f\n", (",",))
print(repr(d.delimiter))
d = sn.sniff("a;b,c\nd;e,f\n", {";": 1})
print(repr(d.delimiter))
sn.preferred = [";", ","]
print(repr(sn.sniff("a;b,c\nd;e,f\n").delimiter))
sn.preferred = []
print(repr(sn.sniff("a;b,c\nd;e,f\n").delimiter))
sn.preferred = "|,"
print(repr(sn.sniff("a;b,c|d\ne;f,g|h\n").delimiter))
sn.preferred = [[1]]
try:
    sn.sniff("a;b,c\nd;e,f\n")
except TypeError as e:
    print("TypeError", e)
del sn.preferred
try:
    sn.sniff("a;b,c\nd;e,f\n")
except AttributeError as e:
    print("AttributeError", e)
print(repr(sn.sniff("a;b\nc;d\n").delimiter))

class Boom:
    def __contains__(self, c):
        raise KeyError(c)
try:
    sn.sniff('"a";"b"\n', Boom())
except KeyError as e:
    print("KeyError", e)
