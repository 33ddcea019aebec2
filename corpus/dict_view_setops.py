# keys/items views are set-like: & | - ^ with any iterable, comparisons with sets, isdisjoint.
d = {1: "a", 2: "b", 3: "c"}
e = {2: "x", 4: "y"}
print(d.keys() & e.keys(), d.keys() | [9], d.keys() - {1}, d.keys() ^ e.keys(), [2, 7] & d.keys(), {5} | d.keys())
print(d.items() & {(1, "a"), (2, "z")}, sorted(d.items() - e.items()), sorted(d.items() | e.items()))
print(d.keys() == {1, 2, 3}, {1, 2, 3} == d.keys(), d.keys() == [1, 2, 3], d.keys() <= {1, 2, 3, 4}, d.keys() < d.keys(), d.items() >= {(1, "a")})
print(d.keys() != {1}, d.keys().isdisjoint({7}), d.items().isdisjoint([(1, "a")]), d.keys() > {1})
try:
    d.values() & {1}
except TypeError as err:
    print("TypeError:", err)
try:
    d.keys() & 5
except TypeError as err:
    print("TypeError:", err)
common = {k for k in d.keys() & e.keys()}
print(common, len(d.keys() - e.keys()))
