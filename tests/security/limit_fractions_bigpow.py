# args: --allow-module fractions --timeout 2
# expect: exit=3 stdout="start" seconds=10
# A Fraction power whose numerator and denominator are billions of digits:
# the int power under it is refused by the memory limit or stopped by the
# time limit, never a crash or a hang.
from fractions import Fraction
print("start")
x = Fraction(3, 2) ** 10**9
print("never printed", x > 1)
