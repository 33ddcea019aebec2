# float/int arithmetic: +, -, *, / and their augmented forms across the int64, 2**53 and float edges
import random
random.seed(11)
vals = [0, 1, -1, 3, 2**53, 2**53 + 1, -2**53 - 1, 2**62 + 12345, -2**63, 2**63 - 1, 10**18 + 7,
        0.0, -0.0, 1.5, -2.25, 1e308, -1e308, 5e-324, float('inf'), float('-inf'), 0.1, 3.0]
out = []
for a in vals:
    for b in vals:
        for op in range(4):
            try:
                if op == 0: r = a + b
                elif op == 1: r = a - b
                elif op == 2: r = a * b
                else: r = a / b
                out.append(repr(r))
            except (ZeroDivisionError, OverflowError) as e:
                out.append(type(e).__name__ + ": " + str(e))
for i in range(20000):
    a = random.randint(-2**62, 2**62); b = random.random() * 10 ** random.randint(-5, 20)
    x = a + b; y = a * b; z = a / (random.randint(1, 2**52)); w = b - a
    out.append(repr((x, y, z, w)))
    s = 0.5; s += a; s *= 3; s -= i; s /= 7
    out.append(repr(s))
h = 0
for s in out:
    for ch in s:
        h = (h * 131 + ord(ch)) % 1000000007
print(len(out), h)
print(out[:60])
