# args: --allow-module typing --timeout 60
# expect: exit=0 stdout="RecursionError repr" stdout="RecursionError hash" stdout="RecursionError eq" stdout="hints refused"
# 20,000 nested aliases: their repr, hash and == recurse through C and must
# end in RecursionError (never a C stack overflow); a deeply nested string
# annotation stops in the reader.
from typing import List, Optional, get_type_hints

t = int
u = int
for i in range(20000):
    t = List[t]
    u = List[u]
for what, fn in [("repr", lambda: repr(t)), ("hash", lambda: hash(t)), ("eq", lambda: t == u)]:
    try:
        fn()
        print("no error", what)
    except RecursionError:
        print("RecursionError", what)


def f(x: "List[" * 50000 + "int" + "]" * 50000):
    pass


try:
    get_type_hints(f)
except (RecursionError, NotImplementedError, MemoryError) as e:
    print("hints refused", type(e).__name__)
