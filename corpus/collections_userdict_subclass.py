# UserDict subclasses: overrides reached from UserDict's own methods and the mixins
from collections import UserDict


class LowerDict(UserDict):
    """Keys are stored lower-cased."""

    def __setitem__(self, key, value):
        super().__setitem__(key.lower(), value)

    def __getitem__(self, key):
        return super().__getitem__(key.lower())

    def __contains__(self, key):
        return super().__contains__(key.lower())


ld = LowerDict({"Name": "Ada"}, LANG="py")
print(ld, ld["NAME"], "name" in ld, "NAME" in ld, ld.get("Lang"), ld.get("nope", "-"))
ld.update({"City": "London"}, Zip=1)
ld.setdefault("EXTRA", 0)
print(ld, ld.pop("city"), ld)
print(LowerDict.fromkeys(["A", "B"], 1), type(LowerDict.fromkeys("x")).__name__)
print(ld | {"New": 1}, type(ld | {"New": 1}).__name__)
print({"Other": 2} | ld)
c = ld.copy()
print(c, type(c).__name__, c == ld, c is ld)
print(list(ld.items()), list(ld.values()), ld.keys())
print(ld == {"name": "Ada", "lang": "py", "zip": 1, "extra": 0})


class Defaulting(UserDict):
    def __missing__(self, key):
        return f"<{key}?>"


dd = Defaulting(a=1)
print(dd["a"], dd["b"], "b" in dd, dd.get("b"), dd.get("b", "x"), dd)
try:
    dd.pop("b", "fallback")  # __missing__ answers, then del fails
except KeyError as e:
    print("KeyError:", e)
print(dd.setdefault("b", 5), dd)


class Counting(UserDict):
    def __missing__(self, key):
        self[key] = 0
        return 0


cd = Counting()
for w in "the cat the hat the end".split():
    cd[w] += 1
print(cd, sorted(cd.items(), key=lambda kv: -kv[1])[0])


class Logged(UserDict):
    def __init__(self, *args, **kwargs):
        self.log = []
        super().__init__(*args, **kwargs)

    def __setitem__(self, key, value):
        self.log.append(("set", key))
        super().__setitem__(key, value)

    def __delitem__(self, key):
        self.log.append(("del", key))
        super().__delitem__(key)


lg = Logged({"a": 1}, b=2)
lg.update(c=3)
lg.pop("a")
lg.popitem()
lg.setdefault("z", 26)
print(lg, lg.log)
cp = lg.copy()
print(cp, cp.log, cp.log is lg.log, vars(cp).keys())  # safepy: ignore[SP311]
lg.clear()
print(lg, lg.log[-2:])


class Sorted(UserDict):
    def __iter__(self):
        return iter(sorted(self.data))


sd = Sorted(b=2, a=1, c=3)
print(list(sd), list(sd.keys()), list(sd.items()), list(sd.values()), sd.popitem(), sd)


class Frozen(UserDict):
    def __setitem__(self, key, value):
        raise TypeError(f"{type(self).__name__} is read-only (tried {key!r})")


try:
    Frozen(a=1)
except TypeError as e:
    print("TypeError:", e)
f = Frozen()
try:
    f.update(x=1)
except TypeError as e:
    print("TypeError:", e)
print(f, len(f))


class WithInit(UserDict):
    def __init__(self, owner, data=None):
        self.owner = owner
        super().__init__(data)


wi = WithInit("me", {"k": 1})
wc = wi.copy()
print(wc, wc.owner, type(wc).__name__)
try:
    wi | {"x": 1}
except TypeError as e:
    print("TypeError:", e)


class Upd(UserDict):
    def update(self, other=(), **kw):
        print("update called with", other, kw)
        super().update(other, **kw)


Upd({"a": 1}, b=2)
print(isinstance(ld, UserDict), issubclass(LowerDict, UserDict))
