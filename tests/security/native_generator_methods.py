# expect: exit=0 stdout="native gen ok" seconds=20
# Iterators written in C that are generators in CPython (UserList's
# Sequence.__iter__ and __reversed__) have type generator: the generator
# methods reached on them must not take them for a generator frame (they
# read it as one and crashed).  send(None) steps them; send(value),
# throw(), close() and the gi_* attributes are refused loudly.
from collections import UserList

for make in (lambda: iter(UserList([1, 2, 3])), lambda: reversed(UserList([1, 2, 3]))):
    g = make()
    print(type(g).__name__, next(g), g.send(None))
    for f in (lambda: g.send(5), lambda: g.throw(ValueError), lambda: g.throw(ValueError, "x"), lambda: g.close(),
              lambda: g.gi_running, lambda: g.gi_suspended, lambda: g.gi_yieldfrom):
        try:
            f()
            print("answered")
        except NotImplementedError as e:
            print("refused:", e)
    print(list(g))
print("native gen ok")
