# args: --max-memory 32M --timeout 60
# expect: exit=0 stdout="done 200000"
# Cycles the collector must see: dicts and instances holding themselves,
# instances of str, bytes, int and float subclasses holding themselves
# through their attributes, a str or bytes subclass instance holding a
# re.Match of itself or a compiled re.Pattern of itself.  200,000 rounds
# of them stay under a 32 MiB cap (subclass instances and matches were
# never collected: the cap stopped the program after a few thousand).
import re


class S(str):
    pass


class B(bytes):
    pass


class I(int):
    pass


class F(float):
    pass


class A:
    pass


n = 0
for i in range(200000):
    d = {}
    d["x"] = d
    a = A()
    a.me = a
    s = S("abc%d" % i)
    s.me = s
    s.m = re.match("a(b)", s)
    b = B(b"xyz")
    b.m = re.search(b"y", b)
    k = I(i)
    k.me = k
    f = F(i / 2)
    f.me = [f]
    t = S("q%d" % (i % 600))
    t.p = re.compile(t)
    n += 1
print("done", n)
