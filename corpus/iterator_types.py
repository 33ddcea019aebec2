# type() of the builtin iterators names their kind, as CPython's
d = {1: 2}
its = [iter([]), iter(()), iter('ab'), iter(range(3)), iter(d), iter(d.values()), iter(d.items()), reversed([1]), enumerate([]), zip(), map(str, []), filter(None, []), iter({1})]
print([type(i).__name__ for i in its])
print(type(iter([])) is type(iter([2])), type(iter([])) is type(iter(())))
