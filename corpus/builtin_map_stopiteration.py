# a StopIteration raised by the function map() or filter() calls ends the
# iteration, as in CPython (the builtin iterator reports exhaustion)
def f(x):
    if x > 2:
        raise StopIteration
    return x

for y in map(f, range(5)):
    print(y)
print(list(map(f, range(5))), sum(map(f, range(9))), [*map(f, range(9))], max(map(f, range(9))))
print(list(filter(f, range(9))), sorted(map(f, [1, 0, 5])), dict(zip("ab", map(f, range(9)))))
def gen():
    yield from map(f, range(9))
print(list(gen()))
try:
    sorted([3, 1], key=f)
except StopIteration:
    print("key function: StopIteration propagates")
