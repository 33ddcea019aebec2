# pprint of random nested containers: widths, indents, depths, compact, sort_dicts
import pprint
import random

random.seed(2511)


def atom(r):
    k = r.randrange(7)
    if k == 0:
        return r.randrange(-10**6, 10**6)
    if k == 1:
        return r.choice(['a', 'bb', 'hello world', 'x' * r.randrange(1, 40), "it's", 'tab\there', 'nl\nx'])
    if k == 2:
        return round(r.uniform(-100, 100), r.randrange(4))
    if k == 3:
        return r.choice([None, True, False])
    if k == 4:
        return bytes(r.randrange(256) for _ in range(r.randrange(9)))
    if k == 5:
        return complex(r.randrange(5), r.randrange(5))
    return 10 ** r.randrange(30)


def build(r, depth):
    if depth <= 0 or r.random() < 0.3:
        return atom(r)
    k = r.randrange(5)
    n = r.randrange(0, 7)
    if k == 0:
        return [build(r, depth - 1) for _ in range(n)]
    if k == 1:
        return tuple(build(r, depth - 1) for _ in range(n))
    if k == 2:
        return {r.choice(['k', 'key', 'a', 'zz', 'm' * 12]) + str(i): build(r, depth - 1) for i in range(n)}
    if k == 3:
        return {r.randrange(100) for _ in range(n)}
    return frozenset(r.choice('abcdefgh') * r.randrange(1, 5) for _ in range(n))


for case in range(60):
    obj = build(random, 4)
    width = random.choice([1, 5, 10, 20, 40, 80, 120])
    indent = random.choice([0, 1, 2, 4])
    depth = random.choice([None, None, 1, 2, 3])
    compact = random.random() < 0.4
    sort_dicts = random.random() < 0.7
    under = random.random() < 0.3
    print('--- case', case, width, indent, depth, compact, sort_dicts, under)
    print(pprint.pformat(obj, indent=indent, width=width, depth=depth, compact=compact,
                         sort_dicts=sort_dicts, underscore_numbers=under))
    pprint.pprint(obj, width=width, indent=indent, depth=depth, compact=compact)
    pprint.pp(obj, width=width)
    print(pprint.saferepr(obj) == repr(obj) or pprint.saferepr(obj), pprint.isreadable(obj), pprint.isrecursive(obj))
