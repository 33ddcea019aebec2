# map, filter, zip, enumerate and reversed are classes: their reprs, isinstance
# with the iterators they make, calls with keywords, and their argument errors
print(map, filter, zip, enumerate, reversed)
print(isinstance(map(str, []), map), type(zip()) is zip, type(enumerate([])) is enumerate, isinstance(filter(None, []), filter))
print(isinstance(reversed([1]), reversed), isinstance(reversed(range(3)), reversed))
print(map.__name__, callable(zip), list(map(lambda a, b: a + b, [1, 2], [3, 4])), list(enumerate("ab", start=5)))
print(list(zip([1, 2], "ab", strict=True)), list(filter(None, [0, 1, 2])), list(reversed((1, 2, 3))))
for bad in [lambda: map(), lambda: map(str), lambda: filter(None), lambda: enumerate(), lambda: zip(5), lambda: reversed(5), lambda: enumerate([], start="x"), lambda: reversed([], 1)]:
    try:
        bad()
    except TypeError as e:
        print("TypeError", e)
print(issubclass(map, object), map in (map, zip), {map: 1}[map])
print(list(enumerate(iterable="ab")), list(enumerate("ab", 1)))
