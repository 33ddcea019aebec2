# A ** mapping with keys that are not str: str.format looks its fields up
# in the mapping CPython hands it and never checks the keys; a Python
# function, and the builtins that validate their keywords, refuse them.
from collections import Counter, defaultdict


def f(**k):
    return k


def g(a=0):
    return a


class C:
    def __init__(self, **k):
        self.k = k


class UD:
    def keys(self):
        return [0, "a", (1, 2)]

    def __getitem__(self, k):
        return "v%r" % (k,)


tests = [
    ("str.format", lambda: "{a}".format(**{0: 1, "a": 2})),
    ("str.format unbound", lambda: str.format("{a}", **{0: 1, "a": 2})),  # safepy: ignore[SP307]
    ("format_map", lambda: "{a}".format_map({0: 1, "a": 2})),
    ("format kw and splat", lambda: "{a}{b}".format(b=3, **{0: 1, "a": 2})),
    ("format positional 0", lambda: "{0}".format(**{0: 1})),
    ("format mapping", lambda: "{a}".format(**UD())),
    ("format two splats", lambda: "{a}{b}".format(**{1: 1, "a": 2}, **{2: 3, "b": 4})),
    ("format dup str", lambda: "{a}".format(a=1, **{"a": 2})),
    ("format missing", lambda: "{b}".format(**{0: 1, "a": 2})),
    ("dict", lambda: dict(**{1: 2})),
    ("dict.update", lambda: {}.update(**{1: 2})),
    ("def", lambda: f(**{1: 2})),
    ("def default", lambda: g(**{1: 2})),
    ("lambda", lambda: (lambda **k: k)(**{1: 2})),
    ("class", lambda: C(**{1: 2})),
    ("method", lambda: C().__init__(**{1: 2})),
    ("def mapping", lambda: f(**UD())),
    ("print", lambda: print(**{1: 2})),
    ("int", lambda: int(**{1: 2})),
    ("str", lambda: str(**{1: 2})),
    ("sorted", lambda: sorted([], **{1: 2})),
    ("max", lambda: max([1], **{1: 2})),
    ("range", lambda: range(**{1: 2})),
    ("set", lambda: set(**{1: 2})),
    ("list.sort", lambda: [].sort(**{1: 2})),
    ("list.append", lambda: [].append(**{1: 2})),
    ("Counter", lambda: Counter(**{1: 2})),
    ("defaultdict", lambda: defaultdict(None, **{1: 2})),
    ("kw and non-str", lambda: f(a=1, **{1: 2})),
    ("two splats", lambda: f(**{"a": 1}, **{1: 2})),
]
for name, t in tests:
    try:
        r = t()
    except Exception as e:
        r = "%s: %s" % (type(e).__name__, e)
    print(name, "->", r)
