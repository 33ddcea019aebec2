from functools import reduce
import operator
print(reduce(operator.add, [1, 2, 3, 4]))
print(reduce(lambda a, b: a * b, range(1, 8)))
print(reduce(lambda a, b: a + b, [], 0))
print(reduce(lambda a, b: a + b, [5]))
print(reduce(lambda a, b: a + [b], "abc", []))
print(reduce(max, (3, 9, 2)))
for args in [(operator.add, []), (operator.add, 5), (operator.add,), (operator.add, [1], 0, 1)]:
    try:
        reduce(*args)
    except TypeError as e:
        print("TypeError:", e)
try:
    reduce(operator.add, [1, 2], initial=0)
except TypeError as e:
    print("TypeError:", e)
try:
    reduce(operator.add, [1, "a"])
except TypeError as e:
    print("TypeError:", e)
def gen():
    yield 1
    yield 2
    raise ValueError("boom")
try:
    reduce(operator.add, gen())
except ValueError as e:
    print("ValueError:", e)
