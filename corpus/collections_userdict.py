# UserDict's whole method surface, as CPython 3.11's collections.UserDict
from collections import UserDict


def attempt(label, f):
    try:
        r = f()
        print(label, "->", repr(r))
    except Exception as e:
        print(label, "!!", type(e).__name__, e)


d = UserDict()
print(d, len(d), bool(d), vars(d))  # safepy: ignore[SP311]
d = UserDict({"a": 1, "b": 2}, c=3)
print(d, len(d), bool(d), d.data, type(d.data))
print(UserDict([("x", 1), ("y", 2)]), UserDict(dict=5, self=6))
print(UserDict(UserDict(k="v")))
print(repr(UserDict), UserDict.__name__, UserDict.__qualname__, UserDict.__module__)
print(isinstance(d, UserDict), isinstance(d, dict), issubclass(UserDict, object))

# item access
print(d["a"], "a" in d, "z" in d, d.get("a"), d.get("z"), d.get("z", 0))
attempt("missing", lambda: d["zz"])
attempt("missing tuple", lambda: d[(1, 2)])
attempt("unhashable", lambda: d[[1]])
d["d"] = 4
del d["a"]
attempt("del missing", lambda: d.__delitem__("a"))
print(d, list(d), [k for k in d], sorted(d))

# mixin methods
print(d.pop("b"), d.pop("b", "gone"), d)
attempt("pop missing", lambda: d.pop("nope"))
print(d.setdefault("c"), d.setdefault("n", []), d)
d["n"].append(1)
print(d.popitem(), d)
d.update({"p": 1}, q=2)
d.update([("r", 3)])
d.update(s=4)
d.update(UserDict(t=5))
print(d)
attempt("update bad", lambda: d.update(5))
attempt("update pair", lambda: d.update([(1, 2, 3)]))
attempt("update short", lambda: d.update(["a"]))
attempt("update str", lambda: d.update(["ab", "cd"]))
print(d)
attempt("update args", lambda: d.update({}, {}))
d.clear()
print(d, len(d))
attempt("popitem empty", lambda: d.popitem())

# views
d = UserDict(one=1, two=2, three=3)
k, i, v = d.keys(), d.items(), d.values()
print(k, i, v)
print(type(k).__name__, type(i).__name__, type(v).__name__)
print(len(k), len(i), len(v), list(k), list(i), list(v))
print("one" in k, ("one", 1) in i, ("one", 2) in i, 2 in v, 9 in v)
d["four"] = 4
print(list(k), list(v))
print(k & {"one", "x"}, sorted(k | {"x"}), sorted(k - {"one"}), sorted(k ^ {"one", "y"}))
print({"one", "zz"} & k, sorted({"zz"} | k), sorted({"one", "zz"} - k), sorted({"one", "y"} ^ k))
print(k == {"one", "two", "three", "four"}, k == {"one"}, k != {"one"}, k <= {"one", "two", "three", "four", "five"})
print(k < {"one"}, k >= {"one"}, k > {"one"}, k.isdisjoint(["x"]), k.isdisjoint(["one"]))
print(i & {("one", 1)}, sorted(i - {("one", 1)}))
print(k == d.data.keys(), i == d.data.items())
attempt("hash view", lambda: hash(k))
attempt("bad and", lambda: k & 5)
attempt("items contains int", lambda: 5 in i)

# equality and the operators
print(d == dict(d.data), d == UserDict(d.data), d == [1], d != {"one": 1})
a = UserDict(x=1)
b = a | {"y": 2}
print(a, b, type(b).__name__, {"z": 0} | a, a | UserDict(w=9))
a |= {"m": 1}
a |= UserDict(n=2)
a |= {"o": 3}
a |= [("p", 4)]  # dict.__ior__ takes what update takes
print(a)
attempt("ior int", lambda: a.__ior__(5))
attempt("ior bad pairs", lambda: a.__ior__(["xy", "z"]))
attempt("or int", lambda: a | 5)
attempt("ror int", lambda: 5 | a)
attempt("hash", lambda: hash(a))
attempt("reversed", lambda: reversed(a))

# copies and fromkeys
c = a.copy()
c["new"] = 1
print(a, c, type(c).__name__, c is a, c.data is a.data)
print(UserDict.fromkeys("ab"), UserDict.fromkeys([1, 2], 0))
print("%(x)s/%(m)r" % a)  # a UserDict serves %(key)s
e = a.__copy__()
print(e, e.data is a.data)

# argument errors are those of the Python methods
attempt("get()", lambda: d.get())
attempt("pop()", lambda: d.pop())
attempt("pop(1,2,3)", lambda: d.pop(1, 2, 3))
attempt("keys(1)", lambda: d.keys(1))
attempt("setdefault(k=1)", lambda: d.setdefault(k=1))
attempt("init 2", lambda: UserDict({}, {}))
attempt("fromkeys()", lambda: UserDict.fromkeys())
attempt("get dup", lambda: d.get("one", key="one"))
print(d.get(key="one"), d.get("one", default=5), d.pop(key="one"))
