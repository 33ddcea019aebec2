# zip(strict=True): arguments of unequal length raise with CPython messages.
print(list(zip([1, 2], "ab", strict=True)), list(zip(strict=True)), list(zip([1], strict=False)))
for args in [([1, 2], [1]), ([1], [1, 2]), ([1, 2], [1, 2], [1]), ([1], [1], [1, 2]), ([1, 2, 3], [1, 2, 3], [1, 2, 3], [1, 2])]:
    try:
        print(list(zip(*args, strict=True)))
    except ValueError as e:
        print("ValueError:", e)
z = zip(range(3), "abcd", strict=True)
print(next(z), next(z), next(z))
try:
    next(z)
except ValueError as e:
    print("ValueError:", e)
try:
    zip([1], bogus=True)
except TypeError as e:
    print("TypeError:", e)
