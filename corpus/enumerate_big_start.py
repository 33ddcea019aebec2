import itertools
print(list(enumerate("abc", 2**63 - 2)))
print(list(enumerate("ab", 10**20)), list(enumerate("ab", -10**20)))
print(list(enumerate("ab", start=2**63)))
print(list(enumerate([], 2**64)))
e = enumerate(itertools.count(), 2**64 - 1)
print(next(e), next(e), next(e))
class Ix:
    def __index__(self): return 5
print(list(enumerate("xy", Ix())))
for bad in (1.5, "3", None):
    try:
        enumerate("a", bad)
    except TypeError as ex:
        print(ex)
print(list(enumerate("ab", True)), list(enumerate("ab", -2**63)))
class NoIx:
    pass
try:
    enumerate("a", NoIx())
except TypeError as ex:
    print(ex)
