# Subclasses of csv.Sniffer: has_header asks self.sniff, preferred set in
# __init__, and a dialect sniffed from a str subclass.
import csv

class Tabby(csv.Sniffer):
    def __init__(self):
        super().__init__()
        self.preferred = ["\t"]
        self.calls = 0
    def sniff(self, sample, delimiters=None):
        self.calls += 1
        print("sniff", repr(sample[:6]), delimiters)
        return super().sniff(sample, delimiters)

t = Tabby()
print(t.preferred)
print(t.has_header("a\tb\n1\t2\n3\t4\n"), t.calls)
print(repr(t.sniff("a,b\tc\nd,e\tf\n").delimiter))

class Fixed(csv.Sniffer):
    def sniff(self, sample, delimiters=None):
        return csv.excel

print(Fixed().has_header("name,n\nx,1\ny,2\n"))
print(Fixed().has_header("name;n\nx;1\ny;2\n"))
try:
    Fixed().has_header(None)
except StopIteration as e:
    print("StopIteration", e.args)
print(isinstance(t, csv.Sniffer), csv.Sniffer.__doc__.strip())
print(csv.Sniffer().preferred)
