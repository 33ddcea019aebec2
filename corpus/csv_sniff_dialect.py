# The class csv.Sniffer.sniff returns: a Dialect subclass made per call,
# usable by reader and writer, with the guessed attributes.
import csv, io

d = csv.Sniffer().sniff("a;'b c';d\ne;'f';g\n")
print(d.__name__, d.__qualname__, d.__module__)
print(repr(d)[:40])
print(issubclass(d, csv.Dialect), type(d).__name__, d._name)
print(d.delimiter, d.quotechar, d.doublequote, d.skipinitialspace, repr(d.lineterminator), d.quoting)
print(d.escapechar, d.strict if hasattr(d, "strict") else "no strict")
print(d._name, d.delimiter, d.quotechar, d.doublequote, d.skipinitialspace, d.escapechar)
inst = d()
print(inst.delimiter, inst._valid)
print(list(csv.reader(io.StringIO("x;'y;z';w\n"), d)))
out = io.StringIO()
w = csv.writer(out, d)
w.writerow(["a", "b;c", "d e"])
print(repr(out.getvalue()))
d2 = csv.Sniffer().sniff("a;'b c';d\ne;'f';g\n")
print(d2 is d, d2.delimiter == d.delimiter)
d.delimiter = ","
print(d2.delimiter, d.delimiter)
csv.register_dialect("sniffed", d2)
print(csv.get_dialect("sniffed").delimiter)
print(list(csv.DictReader(io.StringIO("h1;h2\n1;2\n"), dialect=d2)))
