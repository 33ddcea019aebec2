# `&` binds tighter than `^`, which binds tighter than `|` (the grammar ranks
# `^` above `&`; the lowering restores Python's order)
a, b, c, d, e = 1, 2, 3, 4, 5
print(3 ^ 2 & 1, 1 & 2 ^ 3, 1 | 2 ^ 3, 2 ^ 3 | 1)
print(5 & 3 ^ 1 & 7, 5 ^ 3 & 1 ^ 7, 1 & 3 ^ 6 & 7 ^ 1)
print(a ^ b ^ c & d & e ^ a, (a ^ b) & c, a & (b ^ c), a & b & c ^ d ^ e & a | b)
print(a + b & c ^ d | e, 1 << 2 & 3 ^ 4 >> 1, ~a & b ^ -c)
print(True ^ True & False, {1, 2} ^ {2, 3} & {3}, {1} & {1, 2} ^ {2})
calls = []
def f(x):
    calls.append(x)
    return x
print(f(6) ^ f(3) & f(5) ^ f(1), calls)
x = 12
x ^= 3 & 6
print(x)
try:
    print(1 ^ 2 & "a")
except TypeError as err:
    print(err)
