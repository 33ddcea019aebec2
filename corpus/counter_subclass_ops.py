from collections import Counter
class C(Counter):
    def __iter__(self):
        return iter(['a', 'b'])
    def __contains__(self, k):
        return k in ('a', 'b')
x = C(a=1, b=2, c=3)
print(x + x)
print(x - C(a=1))
print(x | x, x & x)
print(+x, -x)
class D(Counter):
    def items(self):
        return [('a', 5)]
y = D(a=1, b=2)
print(y + y, y | y, y & y, y - D(a=1))
class E(Counter):
    def items(self):
        return [['a', 2], ('b', 3, 4)]
try:
    print(E(a=1) + Counter(a=1))
except ValueError as e:
    print("ValueError", e)
class F(Counter):
    def __missing__(self, k):
        return 10
print(Counter(a=1, b=-2) + F(a=1), Counter(a=1) - F(z=-3), Counter(a=5) & F(b=1), Counter(a=5) | F(a=7, q=0))
class G(Counter):
    def items(self):
        self.clear()
        return super().items()
print(G(a=1) + Counter(b=2))
class H(Counter):
    def items(self):
        return [('a', -3), ('b', 4), ('c', 0)]
print(+H(z=1), -H(z=-1))
print(+Counter(a=1, b=-1, c=0), -Counter(a=1, b=-1))
