# bound methods: equal when the same function is bound to the same object,
# and equal ones hash alike (Python methods and builtin methods)
class A:
    def f(self):
        return 0
    def g(self):
        return 1

a, a2 = A(), A()
m1, m2 = a.f, a.f
print(m1 == a.f, m1 == m2, m1 != m2, m1 is m2, m1 == a2.f, m1 == a.g, a.f == None, None != a.f)
print(hash(m1) == hash(m2), hash(m1) == hash(a.f), len({m1, m2, a.f}), len({a.f, a2.f, a.g}))
cache = {a.f: "f"}
print(cache[a.f], a.f in cache, a.g in cache)
l, l2 = [], []
print(l.append == l.append, l.append == l2.append, l.append == l.pop, hash(l.append) == hash(l.append))
print(str.upper == str.upper, len == len, abs == len, "a".upper == "a".upper)
print(len({l.append, l.append, l2.append}))
seen = []
for cb in [a.f, a.f, a2.f, l.append, l.append]:
    if cb not in seen:
        seen.append(cb)
print(len(seen))
