# assert statements: messages, evaluated only on failure, and an uncaught
# AssertionError at the end.
def mean(xs):
    assert xs, "mean of empty list"
    assert all(isinstance(x, (int, float)) for x in xs), f"non-numbers in {xs!r}"
    return sum(xs) / len(xs)

print(mean([1, 2, 3]))
for bad in ([], [1, "2"]):
    try:
        mean(bad)
    except AssertionError as e:
        print("AssertionError:", e, e.args)
try:
    assert 1 > 2
except AssertionError as e:
    print("bare:", repr(e), e.args)

calls = []
def msg():
    calls.append(1)
    return "computed"
assert True, msg()
print("message evaluated:", len(calls))

class Range:
    def __init__(self, lo, hi):
        assert lo <= hi, (lo, hi)
        self.lo, self.hi = lo, hi

print(Range(1, 2).hi)
Range(5, 1)
