# Chains of one boolean operator are one BoolOp of many operands (evaluated
# left to right, stopping at the first that decides); mixed operators nest.
print(1 and 2 and 3, 0 or '' or [] or 5, 1 and 0 and 3, 0 or 2 or 3)
print(1 and 2 or 3 and 4, 0 or 1 and 2 or 3, (0 or 1) and (2 and 0))
print([1 and 2 and 3 for _ in range(2)], not 1 and 2, 1 if 0 or 0 else 2)
print(None or False or 0 or 0.0 or '' or () or 'end')
print(1 and 'a' and [1] and {1: 2} and (1,) and 0.5)
x = 3
print(x > 1 and x < 5 and x != 4, x < 1 or x > 5 or x == 3)


def f(v):
    print('f', v)
    return v


print(f(1) and f(0) and f(2))
print(f(0) or f('') or f(3) or f(4))
print(f(1) and f(2) or f(3) and f(0) or f(5))
try:
    assert f(1) and f(2) and f(0), "msg"
except AssertionError as e:
    print('AE', e)


class B:
    def __init__(self, v):
        self.v = v

    def __bool__(self):
        print('bool', self.v)
        return self.v


print(type(B(True) and B(False) and B(True)).__name__)
print((B(False) or B(False) or 7))


class Bad:
    def __bool__(self):
        raise ValueError('no truth')


try:
    print(1 and Bad() and 2)
except ValueError as e:
    print('VE', e)
try:
    print(0 or Bad() or 2)
except ValueError as e:
    print('VE', e)
print(1 and 2 and 3 and 1 / 0 if False else 'skipped')
z = 1 and 1 and 1 and undefined_name
