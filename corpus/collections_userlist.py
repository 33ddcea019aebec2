# UserList's whole method surface, as CPython 3.11's collections.UserList
from collections import UserList


def attempt(label, f):
    try:
        r = f()
        print(label, "->", repr(r))
    except Exception as e:
        print(label, "!!", type(e).__name__, e)


src = [3, 1, 2]
u = UserList(src)
print(u, u.data is src, u.data == src, vars(u), UserList(), UserList(None), UserList("abc"), UserList(range(3)))  # safepy: ignore[SP311]
print(UserList((1, 2)), UserList(UserList([9])), UserList.__doc__)
attempt("init int", lambda: UserList(5))
attempt("init 2", lambda: UserList([], []))
print(repr(UserList), UserList.__module__, len(u), bool(u), bool(UserList()))

# comparisons against lists and UserLists
v = UserList([3, 1, 2])
print(u == v, u == [3, 1, 2], u != [3], u < [4], u <= v, u > [3, 0], u >= UserList([3, 1, 2]), u == (3, 1, 2))
attempt("lt int", lambda: u < 5)
attempt("hash", lambda: hash(u))

# items and slices
print(u[0], u[-1], u[1:], type(u[1:]).__name__, u[::-1], u[5:])
attempt("index out", lambda: u[10])
attempt("str index", lambda: u["a"])
u[0] = 30
u[1:2] = [10, 11]
del u[-1]
print(u)
attempt("set out", lambda: u.__setitem__(9, 0))
attempt("del out", lambda: u.__delitem__(9))
print(2 in u, 30 in u, list(u), list(reversed(u)), [x * 2 for x in u])

# arithmetic
print(u + [1], [0] + u, u + UserList([7]), u + (8,), (8,) + u if False else None, u * 2, 2 * u, u * 0)
attempt("add int", lambda: u + 5)
attempt("radd str", lambda: "ab" + u)
attempt("mul str", lambda: u * "x")
w = UserList([1])
w += [2]
w += UserList([3])
w += (4,)
w += "ab"
w *= 2
print(w, type(w).__name__)

# the list methods
u = UserList([5, 3, 5, 1])
u.append(9)
u.insert(0, 0)
u.extend([7, 7])
u.extend(UserList([8]))
print(u, u.count(5), u.count(42), u.index(5), u.index(5, 2), u.index(7, 0, 8))
attempt("index missing", lambda: u.index(42))
attempt("index range", lambda: u.index(0, 1, 3))
print(u.pop(), u.pop(0), u.pop(-2), u)
attempt("pop empty", lambda: UserList().pop())
attempt("pop out", lambda: u.pop(99))
u.remove(5)
attempt("remove missing", lambda: u.remove(42))
u.reverse()
print(u)
u.sort()
print(u)
u.sort(reverse=True)
print(u)
u.sort(key=lambda x: (x % 3, x))
print(u)
attempt("sort bad kw", lambda: u.sort(bad=1))
c = u.copy()
c.append(100)
print(c, u, type(c).__name__, c.data is u.data)
e = u.__copy__()
print(e, e.data is u.data)
u.clear()
print(u, len(u))

# argument errors come from the Python methods
attempt("append()", lambda: u.append())
attempt("insert(1)", lambda: u.insert(1))
attempt("pop(1,2)", lambda: u.pop(1, 2))
attempt("count()", lambda: u.count())
attempt("index()", lambda: u.index())
attempt("extend 5", lambda: u.extend(5))
attempt("copy(1)", lambda: u.copy(1))
attempt("append kw", lambda: u.append(item=1))
print(u)
it = iter(UserList([1, 2]))
print(next(it), next(it))
attempt("exhausted", lambda: next(it))
