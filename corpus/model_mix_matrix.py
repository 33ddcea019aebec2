# A mixed program as a model writes it (session 2026-12-03 spot check).
class Matrix:
    def __init__(self, rows):
        self.rows = [list(r) for r in rows]
    @classmethod
    def identity(cls, n):
        return cls([[int(i == j) for j in range(n)] for i in range(n)])
    @staticmethod
    def dot(a, b):
        return sum(x * y for x, y in zip(a, b))
    def __matmul__(self, other):
        cols = list(zip(*other.rows))
        return Matrix([[self.dot(r, c) for c in cols] for r in self.rows])
    def __add__(self, other):
        return Matrix([[a + b for a, b in zip(r1, r2)] for r1, r2 in zip(self.rows, other.rows)])
    def __mul__(self, k):
        return Matrix([[k * x for x in r] for r in self.rows])
    __rmul__ = __mul__
    def __eq__(self, other):
        return isinstance(other, Matrix) and self.rows == other.rows
    def __getitem__(self, idx):
        i, j = idx
        return self.rows[i][j]
    def __setitem__(self, idx, v):
        i, j = idx
        self.rows[i][j] = v
    def __len__(self):
        return len(self.rows)
    def __repr__(self):
        w = max(len(str(x)) for r in self.rows for x in r)
        return '\n'.join(' '.join(f'{x:>{w}}' for x in r) for r in self.rows)
    def __hash__(self):
        return hash(tuple(map(tuple, self.rows)))
    def __bool__(self):
        return any(any(r) for r in self.rows)
    def __contains__(self, v):
        return any(v in r for r in self.rows)
    def __neg__(self):
        return -1 * self
    def __abs__(self):
        return Matrix([[abs(x) for x in r] for r in self.rows])

m = Matrix([[1, 2], [3, 4]])
i = Matrix.identity(2)
print(m @ i == m, m + i, 2 * m, m * 3, -m, abs(-m), sep='\n')
m[0, 1] = 7
print(m[0, 1], len(m), 7 in m, bool(Matrix([[0]])), hash(m) == hash(Matrix([[1, 7], [3, 4]])))
print({m: 'x'}[Matrix([[1, 7], [3, 4]])])
try:
    m @ 5
except AttributeError as e:
    print('AttributeError:', e)
try:
    m < m
except TypeError as e:
    print('TypeError:', e)

class Temperature:
    def __init__(self, c): self.c = c
    def __format__(self, spec):
        if spec.endswith('F'):
            return format(self.c * 9 / 5 + 32, spec[:-1] or '.1f') + '°F'
        return format(self.c, spec or '.1f') + '°C'
    def __str__(self): return f'{self}'
    def __round__(self, n=0): return Temperature(round(self.c, n))
t = Temperature(21.456)
print(f'{t}', f'{t:.2f}', f'{t:F}', f'{t:.0F}', str(t), format(round(t, 1)))

class Stack(list):
    def push(self, x): self.append(x); return self
    def peek(self): return self[-1] if self else None
    def __repr__(self): return f'Stack({super().__repr__()})'
s = Stack().push(1).push(2)
print(s, s.peek(), len(s), s + [3], type(s + [3]).__name__, isinstance(s, list), s == [1, 2])

class Registry(dict):
    def __missing__(self, key):
        self[key] = v = len(self)
        return v
r = Registry()
print(r['a'], r['b'], r['a'], r, r.get('zz'), 'zz' in r)

class Name(str):
    def shout(self): return self.upper() + '!'
n = Name('ada')
print(n.shout(), n + 'x', type(n + 'x').__name__, n.title(), len(n), n == 'ada', {n: 1}['ada'])

class LinkedList:
    class Node:
        __slots__ = ('val', 'next')
        def __init__(self, val, nxt=None):
            self.val, self.next = val, nxt
    def __init__(self, it=()):
        self.head = None
        for x in reversed(list(it)):
            self.head = self.Node(x, self.head)
    def __iter__(self):
        node = self.head
        while node:
            yield node.val
            node = node.next
    def __reversed__(self):
        return reversed(list(self))
ll = LinkedList([1, 2, 3])
print(list(ll), list(reversed(ll)), sum(ll), 2 in ll, LinkedList.Node.__qualname__)
