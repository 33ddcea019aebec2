# Chains of one precedence level (a + b - c, a ** b ** c) are evaluated as
# CPython's nested BinOps: the order of operand evaluation and of the
# dunder calls, NotImplemented, reflected operands and subclasses.
log = []


def t(tag, v):
    log.append(tag)
    return v


class N:
    def __init__(self, name, v):
        self.name, self.v = name, v

    def _op(self, sym, other, rev=False):
        o = getattr(other, 'v', other)
        log.append(f"{self.name}.{'r' if rev else ''}{sym}({getattr(other, 'name', other)})")
        if o == "skip":
            return NotImplemented
        return N(f"({self.name}{sym}{getattr(other, 'name', other)})", self.v)

    def __add__(self, o): return self._op("+", o)
    def __radd__(self, o): return self._op("+", o, True)
    def __sub__(self, o): return self._op("-", o)
    def __rsub__(self, o): return self._op("-", o, True)
    def __mul__(self, o): return self._op("*", o)
    def __rmul__(self, o): return self._op("*", o, True)
    def __matmul__(self, o): return self._op("@", o)
    def __rmatmul__(self, o): return self._op("@", o, True)
    def __truediv__(self, o): return self._op("/", o)
    def __floordiv__(self, o): return self._op("//", o)
    def __mod__(self, o): return self._op("%", o)
    def __pow__(self, o): return self._op("**", o)
    def __rpow__(self, o): return self._op("**", o, True)
    def __lshift__(self, o): return self._op("<<", o)
    def __rshift__(self, o): return self._op(">>", o)
    def __and__(self, o): return self._op("&", o)
    def __rand__(self, o): return self._op("&", o, True)
    def __or__(self, o): return self._op("|", o)
    def __xor__(self, o): return self._op("^", o)
    def __rxor__(self, o): return self._op("^", o, True)


class Sub(N):
    def __radd__(self, o):
        log.append(f"Sub.radd({getattr(o, 'name', o)})")
        return N("sub", 0)


class Skip:
    name = "skip"
    v = "skip"

    def __radd__(self, o):
        log.append(f"Skip.radd({getattr(o, 'name', o)})")
        return N("S", 0)


a, b, c, d, e = (N(x, 1) for x in "abcde")


def show(r):
    print(r.name if isinstance(r, N) else r, log)
    log.clear()


show(t(1, a) + t(2, b) - t(3, c) + t(4, d) - t(5, e))
show(t(1, a) * t(2, b) / t(3, c) // t(4, d) % t(5, e) @ t(6, a))
show(t(1, a) << t(2, b) >> t(3, c) << t(4, d))
show(t(1, a) | t(2, b) | t(3, c) | t(4, d))
show(t(1, a) ** t(2, b) ** t(3, c) ** t(4, d))
show(t(1, 2) ** t(2, 3) ** t(3, a))
show(t(1, a) & t(2, b) ^ t(3, c) & t(4, d) ^ t(5, e) & t(6, a) & t(7, b))
show(t(1, a) ^ t(2, b) & t(3, c) ^ t(4, d))
show(1 + a + 2 + b + 3)
show(a + Sub("s", 1) + b + Sub("t", 2) + c)
show(a + b + Skip() + c)
show(2 * a * 3 * b)
show(1 - a - 2)
show(3 @ a @ b)

# plain values
print(1 + 2 - 3 + 4 - 5 + 6, 2 * 3 / 4 * 5 // 2 % 4, 2 ** 3 ** 2, (2 ** 3) ** 2, 2 ** -1 ** 2)
print(1 << 2 << 3 >> 1, 5 | 2 | 8, 12 & 10 & 8, 5 ^ 3 ^ 1, 6 & 3 ^ 5 & 4 ^ 1 & 1 | 16 | 32)
print("a" + "b" + "c" * 2 + "d", [1] + [2] * 2 + [3], (1,) + (2,) + (3,) * 2)
print(-2 ** 2 ** 0.5 if False else -2 ** 2, 2 ** -2 ** -1, 1.5 + 2 - True + False * 3)
x = 7
print(x + x * x - x // 2 + x % 3 - x ** 2 ** 1 + (x << 1) + (x >> 1) - (x | 8) + (x & 3) - (x ^ 1))

# a long chain spread over lines, with side effects in order
calls = []


def f(i):
    calls.append(i)
    return i


total = (f(0) + f(1) + f(2) + f(3) + f(4) + f(5) + f(6) + f(7) + f(8) + f(9)
         - f(10) - f(11) - f(12) - f(13) - f(14) + f(15) + f(16) + f(17) + f(18)
         + f(19) + f(20) + f(21) + f(22) + f(23) + f(24) + f(25) + f(26) + f(27))
print(total, calls == list(range(28)))

# an exception in the middle stops the chain: later operands are not evaluated
calls.clear()
for chain in (lambda: f(1) + f(2) + None + f(3), lambda: f(1) ** f(2) ** f(0.0) ** -f(1) ** f(5),
              lambda: f(1) * f(2) % f(0) * f(4), lambda: f('a') + f('b') - f('c') + f('d')):
    try:
        print(chain())
    except Exception as ex:
        print(type(ex).__name__, ex, calls)
    calls.clear()

# chains in every kind of scope
g = lambda v: v + v - 1 + v * v * 2 - v // 2
print(g(3), [q + q + q - 1 for q in range(4)], {q: q * q * q for q in range(3)})


def outer():
    k = 3

    def inner():
        return k + k + k * k * k - k ** k ** 1
    return inner()


print(outer())


class K:
    z = 1 + 2 + 3 + 4
    w = z * z * z - z - z


print(K.z, K.w)
s = 0
s += 1 + 2 + 3
s -= 4 - 5 - 6
print(s)
