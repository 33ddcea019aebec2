import math
print(repr(0.0 ** float('-inf')), repr((-0.0) ** float('-inf')), repr(0.0 ** float('inf')))
for x, y in [(2.0, 10000), (10.0, 400), (-10.0, 401), (1e300, 2)]:
    try:
        print(x ** y)
    except OverflowError as e:
        print(repr(e), e.args, str(e))
print(repr(round(7.711626513779426e+21, -1)), repr(round(-3.0, -1)), repr(round(1.5e300, -300)), repr(round(25.0, -1)), repr(round(35.0, -1)))
print(repr(float('nan') ** 0), repr(1.0 ** float('nan')), repr(float('-inf') ** 3), repr(float('-inf') ** -3), repr(float('-inf') ** 2), repr((-0.0) ** 3), repr((-0.0) ** 2.5))
print(repr(pow(-8.0, 1/3)) if False else '', repr((-2.0) ** 3), repr(0 ** 0), repr(2 ** -2))
import random
random.seed(7)

for i in range(20000):
    x = random.uniform(-1e25, 1e25) * random.choice([1, 1e-10, 1e-20, 1e10, 1e100, 1e200])
    nd = random.randint(-30, 5)

    print(repr(round(x, nd))) if i % 500 == 0 else None
try:
    print(round(1.7e308, -308))
except OverflowError as e:
    print(e)
2.0 ** 10000
