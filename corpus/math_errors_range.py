# math: exp overflow is an OverflowError
from math import exp
print(exp(709))
print(exp(710))
