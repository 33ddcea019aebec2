# Instances of str, bytes, int and float subclasses, re.Match and re.Pattern
# objects inside reference cycles: live ones keep working after the cycle
# collector has run many times, and garbage ones go away without touching
# what is still in use elsewhere.
import re


def churn(rounds=12000):
    # garbage cycles enough for a collection or more (36,000 new
    # containers; the wait is 20,000 at least): dicts, subclass instances
    # and matches
    for i in range(rounds):
        d = {}
        d["x"] = d
        t = Tag("t%d" % (i % 50))
        t.m = re.match(r"t(\d)", t)


class Tag(str):
    def shout(self):
        return self.upper() + "!"


class Blob(bytes):
    pass


class Num(int):
    pass


class Real(float):
    pass


class Slotted(str):
    __slots__ = ("other",)


# a str subclass holding a match of itself
s = Tag("hello world")
s.m = re.search(r"(w\w+)", s)
churn()
print("str", s, s.shout(), s.m.group(1), s.m.string is s, type(s.m.string).__name__, s.m.span(1))

# a str subclass holding a compiled pattern of itself, and a match of that
p = Tag(r"(?P<word>[a-z]+)-(\d+)")
p.rx = re.compile(p)
p.last = p.rx.fullmatch("abc-42")
churn()
print("pattern", p.rx.pattern is p, p.rx.groupindex, p.last.group("word"), p.last.groups())
print("finditer", [m.group(0) for m in p.rx.finditer(Tag("ab-1 cd-22 x"))])

# bytes, int and float subclasses holding themselves
b = Blob(b"abc")
b.me = b
b.m = re.search(b"b+", b)
n = Num(41)
n.me = [n, n + 1]
r = Real(2.5)
r.box = {"self": r}
churn()
print("bytes", b, b.me is b, b.m.group(0), b.m.string is b)
print("int", n, n.me[0] is n, n.me[1], type(n.me[1]).__name__)
print("float", r, r.box["self"] is r, r * 2)

# slots on a str subclass, two instances pointing at each other
x, y = Slotted("x"), Slotted("y")
x.other, y.other = y, x
churn()
print("slots", x.other, x.other.other is x, y.other.other is y)

# a value held by garbage cycles and by a live name survives them
keep = ["payload"]
for i in range(20000):
    g = Tag("g")
    g.held = keep
    g.me = g
    h = Num(i)
    h.held = keep
    h.me = h
churn()
keep.append("still here")
print("survivor", keep, g.held is keep, h.held is keep, h)

# a match kept after its subject's other owners are gone
def last_match():
    t = Tag("key=value")
    t.m = re.match(r"(\w+)=(\w+)", t)
    return t.m


m = last_match()
churn()
print("match", m.groups(), m.string, type(m.string).__name__, m.string.m is m)
print("done")
