# csv.Sniffer.sniff on quoted samples: the regular-expression pass finds the
# quote character, the delimiter around quoted fields and doubled quotes.
import csv

def show(label, sample, delimiters=None):
    d = csv.Sniffer().sniff(sample, delimiters)
    print(label, repr(d.delimiter), repr(d.quotechar), d.doublequote, d.skipinitialspace,
          repr(d.lineterminator), d.quoting, d.escapechar)
    return d

show("comma", 'name,"city, state",zip\n"Ann","Paris, TX",75460\n"Bob","Austin, TX",73301\n')
show("single", "a;'x y';b\nc;'z';d\n")
show("doubled", 'id,quote\n1,"He said ""hi"""\n2,"plain"\n')
show("doubled-single", "k|'it''s'|v\nk2|'no'|v2\n")
show("leading", '"a",1\n"b",2\n')
show("trailing", 'x,"a"\ny,"b"\n')
show("alone", '"only"\n"column"\n')
show("spaced", 'a, "b", "c"\nd, "e", "f"\n')
show("mixed quotes", '\'a\',"b",\'c\'\n\'d\',"e",\'f\'\n')
show("tab quoted", '"a"\t"b"\n"c"\t"d"\n')
show("newline in field", 'x,"multi\nline",y\nz,"one",w\n')
show("crlf", '"a","b"\r\n"c","d"\r\n')
d = show("unicode delim", '"α"§"β"§"γ"\n"δ"§"ε"§"ζ"\n')
rows = list(csv.reader(['"α"§"β"§"γ"'], d))
print(rows)
