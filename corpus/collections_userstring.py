# UserString's whole method surface, as CPython 3.11's collections.UserString
from collections import UserString as US


def attempt(label, f):
    try:
        r = f()
        print(label, "->", repr(r), type(r).__name__)
    except Exception as e:
        print(label, "!!", type(e).__name__, e)


s = US("Hello, World")
print(s, repr(s), str(s), vars(s), len(s), bool(s), bool(US("")), US(42), US(US("x")), US([1, 2]), US(None))  # safepy: ignore[SP311]
attempt("init()", lambda: US())
print(repr(US), US.__module__, US.__qualname__)
print(int(US("12")), float(US("2.5")), complex(US("1+2j")), hash(s) == hash("Hello, World"), {s: 1}[US("Hello, World")])
attempt("int bad", lambda: int(US("x")))
print(s.__getnewargs__(), s == "Hello, World", s == US("Hello, World"), s != "x", s < "a", s <= US("Hello, World"))
print(s > "A", s >= "Z", "World" in s, US("lo") in s, "z" in s)
attempt("lt int", lambda: s < 1)
attempt("in int", lambda: 1 in s)
attempt("eq int", lambda: s == 1)

# indexing and iteration go through __getitem__ and make UserStrings
print(s[0], type(s[0]).__name__, s[-1], s[1:5], s[::-1], type(s[1:5]).__name__)
attempt("index out", lambda: s[99])
print(list(s)[:3], [type(c).__name__ for c in s][:2], list(reversed(US("abc"))))

# operators
print(s + "!", s + US("?"), s + 1, "<" + s, 3.5 + US("x") if False else None, s * 2, 2 * US("ab"), US("%s-%d") % ("a", 1))
attempt("radd int", lambda: 1 + s)
attempt("mul str", lambda: s * "x")
attempt("rmod str", lambda: "%s!" % US("x"))
attempt("rmod", lambda: 5 % US("x"))  # str(5) % self: a UserString has __getitem__, so no error
for r in (s + "!", "<" + s, s * 2, US("%d") % 3):
    print(type(r).__name__, end=" ")
print()

# the methods returning UserStrings
for name, args in [("capitalize", ()), ("casefold", ()), ("center", (20,)), ("center", (20, "*")),
                   ("expandtabs", ()), ("ljust", (15, ".")), ("lower", ()), ("lstrip", ("H",)), ("lstrip", ()),
                   ("removeprefix", ("Hello",)), ("removeprefix", (US("Hello"),)), ("removesuffix", ("World",)),
                   ("replace", ("l", "L")), ("replace", (US("l"), US("_"), 2)), ("rjust", (15,)), ("rstrip", ("d",)),
                   ("strip", ("Hd",)), ("swapcase", ()), ("title", ()), ("translate", ({72: "J"},)), ("upper", ()),
                   ("zfill", (16,))]:
    r = getattr(s, name)(*args)  # safepy: ignore[SP305]
    print(name, repr(r), type(r).__name__)
t = US("a\tb")
print(repr(t.expandtabs(4)), repr(US("  x  ").strip()), repr(US("42").zfill(5)))

# the methods returning plain values
for name, args in [("count", ("l",)), ("count", (US("l"), 5)), ("count", ("l", 0, 4)), ("endswith", ("World",)),
                   ("endswith", (("x", "d"),)), ("find", ("o",)), ("find", (US("o"), 5)), ("find", ("q",)),
                   ("index", ("W",)), ("isalpha", ()), ("isalnum", ()), ("isascii", ()), ("isdecimal", ()),
                   ("isdigit", ()), ("isidentifier", ()), ("islower", ()), ("isnumeric", ()), ("isprintable", ()),
                   ("isspace", ()), ("istitle", ()), ("isupper", ()), ("join", (["a", "b"],)), ("partition", (", ",)),
                   ("rfind", ("o",)), ("rindex", ("o",)), ("rpartition", ("o",)), ("rsplit", (None, 1)),
                   ("split", ()), ("split", (", ",)), ("splitlines", ()), ("startswith", ("Hell",)),
                   ("startswith", ("World", 7)), ("encode", ()), ("encode", ("ascii",)), ("encode", (None, None))]:
    r = getattr(s, name)(*args)  # safepy: ignore[SP305]
    print(name, repr(r), type(r).__name__)
print(US("a\nb\n").splitlines(True), US("{0}-{x}").format(1, x=2), US("{a}").format_map({"a": 5}))  # safepy: ignore[SP307]
print(US("abc").maketrans("a", "b"), US.maketrans({"a": "1"}), US("abc").translate(US.maketrans("ab", "xy")))
attempt("index missing", lambda: s.index("q"))
attempt("rindex missing", lambda: s.rindex("q"))
attempt("index US", lambda: s.index(US("o")))
attempt("encode bad", lambda: US("é").encode("ascii"))
attempt("join bad", lambda: US(",").join([1]))
attempt("center()", lambda: s.center())
attempt("lower(1)", lambda: s.lower(1))
attempt("count 5 args", lambda: s.count("a", 1, 2, 3))
attempt("count kw", lambda: s.count(sub="l", bad=1))
attempt("removeprefix kw", lambda: s.removeprefix(prefix="H"))
attempt("split kw", lambda: s.split(sep=",", maxsplit=1))
attempt("find kw", lambda: s.find(sub="o", start=5))
attempt("zfill str", lambda: s.zfill("x"))
attempt("startswith int", lambda: s.startswith(1))
