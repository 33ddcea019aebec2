import math
from math import sqrt as root, pi
print(math.sqrt(2), root(81), pi, math.e)
def area(r):
    import math as m
    return m.pi * r * r
print(area(2))
