# args: --allow-module dataclasses --timeout 3
# expect: exit=3 stderr="time limit" seconds=20
# 100,000 keyword arguments to the __init__ of a dataclass with 100,000
# fields (matching each keyword to its parameter is a linear search, as in
# CPython): the time limit stops it inside the C binding loop.
from dataclasses import make_dataclass

n = 100000
Big = make_dataclass("Big", [("f%d" % i, int) for i in range(n)])
kw = {"f%d" % i: i for i in range(n)}
while True:
    Big(**kw)
