# args: --allow-module typing
# expect: exit=0 stdout="refused 9 of 9" stdout="side effects: []"
# get_type_hints resolves string annotations without eval(): code in an
# annotation (a call, an import, a dunder chain, a lambda) is refused and
# never runs; CPython would evaluate each of these.
from typing import get_type_hints

calls = []


def spy():
    calls.append("ran")
    return int


evil = [
    "__import__('os')",
    "spy()",
    "().__class__.__bases__[0].__subclasses__()",
    "int.__subclasses__",
    "eval('1')",
    "(lambda: spy())()",
    "[spy() for _ in range(3)]",
    "globals()['calls']",
    "spy if True else int",
]
refused = 0
for src in evil:
    def f(x: src):
        pass
    try:
        get_type_hints(f)
        print("evaluated", src)
    except (NotImplementedError, NameError, AttributeError, TypeError):
        refused += 1
print("refused %d of %d" % (refused, len(evil)))
print("side effects:", calls)
