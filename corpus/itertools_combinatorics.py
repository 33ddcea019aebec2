# itertools: product, permutations, combinations, combinations_with_replacement
# (CPython's lexicographic order by index, tuples as results).
from itertools import combinations, combinations_with_replacement, permutations, product

print(list(product('ab', 'xy')))
print(list(product(range(2), repeat=3)))
print(list(product('ab', [1, 2], repeat=2))[:6])
print(list(product()), list(product(repeat=0)), list(product('ab', repeat=0)))
print(list(product('ab', [])), list(product([], 'ab')))
print(len(list(product(range(3), range(4), range(5)))))
print(list(product(x for x in 'ab')))
print(list(product([1, 1], [2])))

print(list(permutations('ABC')))
print(list(permutations(range(4), 2)))
print(list(permutations('AB', 0)), list(permutations('AB', 3)), list(permutations([])))
print(list(permutations('ABC', r=1)), list(permutations(iterable='AB')))
print(list(permutations('ABC', None)))
print(len(list(permutations(range(6)))), len(list(permutations(range(7), 3))))
print(list(permutations([1, 1, 2]))[:4])

print(list(combinations('ABCD', 2)))
print(list(combinations(range(5), 3)))
print(list(combinations('AB', 0)), list(combinations('AB', 3)), list(combinations([], 0)))
print(list(combinations('ABC', r=3)), list(combinations(iterable='ABC', r=1)))
print(len(list(combinations(range(10), 4))))

print(list(combinations_with_replacement('ABC', 2)))
print(list(combinations_with_replacement(range(2), 3)))
print(list(combinations_with_replacement('AB', 0)), list(combinations_with_replacement([], 2)))
print(list(combinations_with_replacement([], 0)))
print(len(list(combinations_with_replacement(range(5), 3))))

# lazy: the first few items of a huge space
it = product(range(1000), repeat=4)
print(next(it), next(it), next(it))
it = permutations(range(50))
print(next(it)[-3:], next(it)[-3:], next(it)[-3:])
it = combinations(range(100), 50)
print(next(it)[-2:], next(it)[-2:])
print([''.join(p) for p in permutations('abc', 2)])
print(sorted(set(combinations('aabb', 2))))
