# args: --allow-module pprint,collections,dataclasses --timeout 20
# expect: exit=0 stdout="pprint deep ok"
# Nesting far past the recursion limit through every path pprint has: the
# one-line _safe_repr of lists, tuples and dicts, the line-breaking layouts
# (each container type, the collections wrappers, dataclasses), a format()
# override re-entering pformat, and a __repr__ that prints its own container.
# Each must end in RecursionError, never in a C stack overflow (run under the
# sanitizer build too).
import collections
import dataclasses
import pprint

n = 30000
caught = 0
a = []
for i in range(n):
    a = [a, 'x' * 50]
t = ()
for i in range(n):
    t = (t, 'y' * 50)
d = {}
for i in range(n):
    d = {'k': d, 'v': 'z' * 50}
od = collections.OrderedDict()
for i in range(n):
    od = collections.OrderedDict(k=od, v='w' * 50)
dq = collections.deque()
for i in range(n):
    dq = collections.deque([dq, 'q' * 50])
ul = collections.UserList()
for i in range(n):
    ul = collections.UserList([ul, 'u' * 50])


@dataclasses.dataclass
class Node:
    child: object
    pad: str = 'p' * 60


node = None
for i in range(n):
    node = Node(node)
for v in [a, t, d, od, dq, ul, node]:
    for fn in [pprint.pformat, pprint.saferepr, pprint.isreadable, pprint.isrecursive,
               lambda o: pprint.pformat(o, compact=True, width=10)]:
        try:
            fn(v)
        except RecursionError:
            caught += 1


class Again(pprint.PrettyPrinter):
    def format(self, obj, context, maxlevels, level):
        return Again().pformat([obj]), True, False


try:
    Again().pformat(1)
except RecursionError:
    caught += 1


class Self:
    def __repr__(self):
        return pprint.pformat([self])


try:
    pprint.pformat(Self())
except RecursionError:
    caught += 1
print("caught", caught)
if caught == 37:
    print("pprint deep ok")
