# args: --allow-module dataclasses --timeout 60
# expect: exit=0 stdout="asdict RecursionError" stdout="astuple RecursionError" stdout="repr RecursionError" stdout="eq RecursionError" stdout="deep done"
# A chain of 100,000 nested dataclass instances: asdict, astuple, repr and
# == recurse through C and must end in RecursionError, never a C stack
# overflow.
from dataclasses import dataclass, asdict, astuple


@dataclass
class Node:
    child: object = None


def chain(n):
    top = Node()
    for _ in range(n):
        top = Node(top)
    return top


a = chain(100000)
b = chain(100000)
for name, fn in (("asdict", asdict), ("astuple", astuple), ("repr", repr), ("eq", lambda x: x == b)):
    try:
        fn(a)
        print(name, "finished")
    except RecursionError:
        print(name, "RecursionError")
lst = Node([])
cur = lst.child
for _ in range(100000):
    nxt = []
    cur.append(Node(nxt))
    cur = nxt
try:
    asdict(lst)
except RecursionError:
    print("list chain RecursionError")
print("deep done")
