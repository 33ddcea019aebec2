# str() and repr() of exceptions with zero, one and several args; KeyError's
# repr-style str; exception equality is identity.
cases = [
    Exception(),
    Exception("one"),
    Exception("a", 2),
    ValueError(""),
    KeyError("key"),
    KeyError(),
    KeyError("a", "b"),
    IndexError(3),
    ZeroDivisionError("division by zero"),
    RuntimeError(None),
    StopIteration(7),
]
for e in cases:
    print(type(e).__name__, repr(str(e)), repr(e), e.args)

print(StopIteration(7).value, StopIteration().value)
print(Exception("x") == Exception("x"))
e = Exception("x")
print(e == e, isinstance(e, BaseException))
e.args = ("changed", 1)
print(e, e.args)
try:
    {}["nope"]
except KeyError as e:
    print(str(e), repr(e), e.args[0])
try:
    raise ValueError
except ValueError as e:
    print(repr(e), e.args)
try:
    raise KeyError
except LookupError as e:
    print(repr(e), str(e) == "")
