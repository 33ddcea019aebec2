# args: --allow-module dataclasses --timeout 60
# expect: exit=0 stdout="many fields done" seconds=70
# A dataclass with 100,000 fields: made, called, shown, compared, hashed and
# converted in linear time, never a hang.
from dataclasses import make_dataclass, asdict, astuple, replace, fields

n = 100000
Big = make_dataclass("Big", [("f%d" % i, int) for i in range(n)], frozen=True)
print(len(fields(Big)), len(Big.__doc__) > n)
b = Big(*range(n))
print(len(repr(b)), b == Big(*range(n)), hash(b) == hash(tuple(range(n))))
print(len(asdict(b)), len(astuple(b)))
print("many fields done")
