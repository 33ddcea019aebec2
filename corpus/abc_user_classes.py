# collections' User classes derive from the ABCs as in CPython: their
# isinstance answers and the mixins they inherit
from collections import UserDict, UserList, UserString
from collections.abc import MutableMapping, Mapping, MutableSequence, Sequence, Hashable, Reversible, Set

ud, ul, us = UserDict(a=1), UserList([3, 1, 2]), UserString("hello")
for o in (ud, ul, us):
    print(type(o).__name__, isinstance(o, Mapping), isinstance(o, MutableMapping), isinstance(o, Sequence),
          isinstance(o, MutableSequence), isinstance(o, Hashable), isinstance(o, Reversible))
print(issubclass(UserDict, MutableMapping), issubclass(UserList, MutableSequence), issubclass(UserString, Sequence))
print(ud.get("a"), ud.get("b", 0), ud.setdefault("b", 2), ud.pop("a"), ud, ud.popitem(), ud)
ud.update({"x": 1}, y=2)
print(ud, ud.keys(), ud.items(), ud.values(), ud == {"x": 1, "y": 2})
print(ud.keys() & {"x"}, ud.items() | set(), type(ud.keys()).__name__)
print(list(reversed(ul)), ul.index(1), ul.count(2), 2 in ul, list(reversed(us)), us.index("l"), "ell" in us)
ul.extend([4])
ul += [5]
ul.reverse()
print(ul, ul.pop(), ul.pop(0), ul)
print(sorted(UserDict.__abstractmethods__), sorted(UserList.__abstractmethods__), UserString.__abstractmethods__)


class Lower(UserDict):
    def __setitem__(self, k, v):
        super().__setitem__(k.lower(), v)


lo = Lower({"A": 1})
lo.update(B=2)
print(lo, lo.setdefault("C", 3), lo)


class Stack(UserList):
    def push(self, x):
        self.append(x)


st = Stack()
st.push(1)
st.extend([2, 3])
print(st, isinstance(st, MutableSequence), st.pop())
print(UserDict.__hash__, isinstance(UserDict(), Set))
