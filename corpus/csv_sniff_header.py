# csv.Sniffer.has_header: the first row against the column types of the
# rows below it (complex numbers, or string lengths), voted per column.
import csv

sn = csv.Sniffer()
samples = {
    "numeric columns": "name,age,score\nann,31,9.5\nbob,45,7.25\ncy,22,8\n",
    "no header": "1,2,3\n4,5,6\n7,8,9\n",
    "lengths": "code,name\nAB,xyz\nCD,uvw\nEF,rst\n",
    "same lengths": "ab,xyz\ncd,uvw\nef,rst\n",
    "complex": "z,w\n1+2j,1\n3j,2\n(4-1j),3\n",
    "mixed types": "h1,h2\n1,abc\nxy,2\n",
    "irregular rows": "a,b,c\n1,2,3\n3,4\n" + "6,7,8\n" * 20,
    "header numeric": "1,2\n3,4\n5,6\n",
    "only header": "a,b,c\n",
    "floats": "x;y\n1e5;inf\nnan;-2.5\n",
    "spaces": "a, b\n 1, 2\n 3, 4\n",
    "quoted": '"id","label"\n"1","one"\n"2","two"\n',
    "long": "n,sq\n" + "".join("%d,%d\n" % (i, i * i) for i in range(40)),
    "tabs": "col\tval\nx\t1\ny\t2\n",
    "underscore ints": "a,b\n1_000,2\n3,4\n",
}
for label, s in samples.items():
    print(label, sn.has_header(s))
try:
    sn.has_header("abc")
except csv.Error as e:
    print("Error:", e)
