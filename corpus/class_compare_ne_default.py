# Rich comparisons: reflection (a < b tries b > a), sorting with __lt__ only,
# max/min, and the TypeError when nothing is defined.
class Version:
    def __init__(self, text):
        self.parts = tuple(int(p) for p in text.split("."))
    def __repr__(self):
        return "v" + ".".join(map(str, self.parts))
    def __eq__(self, other):
        if not isinstance(other, Version):
            return NotImplemented
        return self.parts == other.parts
    def __lt__(self, other):
        if not isinstance(other, Version):
            return NotImplemented
        return self.parts < other.parts
    def __le__(self, other):
        return self == other or self < other
    __hash__ = None

vs = [Version(t) for t in ["1.10", "1.2", "0.9.9", "1.2.0", "2"]]
print(sorted(vs))
print(max(vs), min(vs))
print(Version("1.2") < Version("1.10"), Version("3") > Version("2.9"))
print(Version("1.0") <= Version("1.0"), Version("1.1") >= Version("1.0"))
print(Version("1") == Version("1"), Version("1") != Version("1"), Version("1") == "1")
print(sorted(vs, reverse=True)[0])
try:
    Version("1") < 3
except TypeError as e:
    print("TypeError:", e)

class Plain:
    pass
try:
    Plain() < Plain()
except TypeError as e:
    print("TypeError:", e)
try:
    sorted([Plain(), Plain()])
except TypeError as e:
    print("TypeError:", e)

class Loud:
    def __init__(self, n):
        self.n = n
    def __gt__(self, other):
        print(f"  {self.n}.__gt__({other.n})")
        return self.n > other.n

print(Loud(1) < Loud(2))
print(Loud(3) > Loud(2))
