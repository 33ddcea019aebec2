# args: --timeout 1
# expect: exit=3 stderr="time limit" stdout="start" seconds=8
# math.gcd, isqrt and factorial of huge numbers: refused or stopped at the limit.
import math
print("start")
a = 3 ** 10000000
b = 7 ** 6000000
for i in range(1000):
    math.isqrt(a + i)
    math.gcd(a, b + i)
    math.factorial(10**6 + i)
print("never printed")
