# itertools: the iterator building blocks on finite inputs.
import itertools
from itertools import (accumulate, chain, compress, count, cycle, dropwhile, filterfalse,
                       groupby, islice, pairwise, repeat, starmap, takewhile, tee, zip_longest)

print(list(accumulate([1, 2, 3, 4, 5])))
print(list(accumulate([3, 1, 4, 1, 5], max)))
print(list(accumulate([1, 2, 3], lambda a, b: a * b, initial=10)))
print(list(accumulate([], initial=7)), list(accumulate([])))
print(list(accumulate(['a', 'b', 'c'])))
print(list(accumulate([1, 2, 3], initial=None)))

print(list(chain('ab', [1, 2], (), range(3))))
print(list(chain()), list(chain.from_iterable(['ab', 'cd', ''])))
print(list(itertools.chain.from_iterable([[1], [2, 3], []])))

print(list(compress('ABCDEF', [1, 0, 1, 0, 1, 1])))
print(list(compress('ABC', [1, 1])), list(compress('AB', [0, 1, 1, 1])))
print(list(dropwhile(lambda x: x < 5, [1, 4, 6, 4, 1])))
print(list(takewhile(lambda x: x < 5, [1, 4, 6, 4, 1])))
print(list(filterfalse(lambda x: x % 2, range(10))))
print(list(filterfalse(None, [0, 1, '', 'a', None, [], [0]])))
print(list(starmap(pow, [(2, 5), (3, 2), (10, 3)])))
print(list(starmap(lambda *a: sum(a), [[1, 2], (3,), ()])))

for k, g in groupby('AAAABBBCCDAABBB'):
    print(k, list(g))
print([k for k, g in groupby('AAAABBBCCD')])
print([(k, len(list(g))) for k, g in groupby([1, 3, 5, 2, 4, 7], key=lambda x: x % 2)])
print(list(groupby([])))

# a group is invalidated once the groupby moves on
g = groupby('aabbc')
k1, g1 = next(g)
k2, g2 = next(g)
print(k1, list(g1), k2, list(g2))
groups = [(k, g) for k, g in groupby('xxyyz')]
print([(k, list(g)) for k, g in groups])
# a partly read group
g = groupby('aaab')
k, grp = next(g)
print(k, next(grp))
k, grp = next(g)
print(k, list(grp))

print(list(islice('ABCDEFG', 2)), list(islice('ABCDEFG', 2, 4)))
print(list(islice('ABCDEFG', 2, None)), list(islice('ABCDEFG', 0, None, 2)))
print(list(islice(range(10), 1, 8, 3)), list(islice(range(10), None)))
print(list(islice(range(10), 5, 2)), list(islice(range(3), 10)))
print(list(islice(range(10), None, None, None)))
it = iter(range(10))
print(list(islice(it, 3)), list(islice(it, 2)), list(it))

print(list(pairwise('ABCDE')), list(pairwise('A')), list(pairwise('')))
print(list(repeat(7, 3)), list(repeat('x', 0)), list(repeat('x', -2)), list(repeat(None, times=2)))

a, b = tee([1, 2, 3])
print(next(a), next(a), list(b), list(a))
t = tee('abc', 3)
print(len(t), [list(x) for x in t])
print(tee([], 0))
a, b = tee(iter([1, 2, 3, 4]))
print(list(zip(a, b)))
a, b = tee(x * x for x in range(5))
print(list(b), list(a))

print(list(zip_longest('ABCD', 'xy', fillvalue='-')))
print(list(zip_longest('AB', [1, 2, 3], range(4))))
print(list(zip_longest()), list(zip_longest('ab')), list(zip_longest([], [])))

print(repr(count()), repr(count(5)), repr(count(5, 2)), repr(count(0.5)), repr(count(0, 0.5)))
print(repr(count(1, 1.0)), repr(count(2, True)), repr(count(-3, -1)))
print(repr(repeat('a')), repr(repeat('a', 3)), repr(repeat([1], -1)))
c = count(10, 5)
next(c)
next(c)
print(repr(c))
r = repeat('z', 3)
next(r)
print(repr(r))
print(list(map(len, chain(['ab'], ['c']))), sum(chain([1, 2], [3])))
from itertools import tee, islice, count
# tee of a tee: the tee itself first, then copies sharing its buffer
a, b = tee(range(6))
next(a)
c, d = tee(a)
print(c is a, next(a), list(c), list(d), list(b))
x, = tee(iter([1, 2]), 1)
y, z, w = tee(x, 3)
print(y is x, next(x), list(y), list(z), list(w))
p, q = tee(count())
r, s = tee(q)
print(next(p), next(q), next(r), next(s), next(s))
print(tee(tee([1])[0], 0))
