def f(a, b): return [a, b]
print("x", *f(1, 2))
print(*f(3, 4), sep="-")
print(*f(3, 4), *f(5, 6), 7, *"ab")
class A:
    x = [1, 2]
    def m(self): return (9, 8)
a = A()
print(*a.x, *a.m(), *A.x[::-1])
d = {(1,): "one", (1, 2): "pair", (1, 2, 3): "three", (): "empty"}
b = [2, 3]
print(d[1,], d[1, 2], d[1, *b], d[*f(1, 2)])
e = {}
e[*b] = 5
e[0, *b] = 6
print(e)
print(max(*f(4, 9)))
print(dict(*[[(1, 2)]]))
g = lambda *a: a
print(g(*f(1, 2), 3, *f(4, 5)))
print([*f(1, 2)], (*f(1, 2),), {*f(1, 2)})
class M:
    def __getitem__(self, k): return k
m = M()
print(m[1:2, *b], m[..., *b, 1:])
# errors: a starred call result that is not iterable, in a call and a subscript
def one(): return 1
try:
    print(*one())
except TypeError as e:
    print(e)
try:
    d[*one()]
except TypeError as e:
    print(e)
try:
    print(d[*f(7, 8)])
except KeyError as e:
    print("KeyError", e)
