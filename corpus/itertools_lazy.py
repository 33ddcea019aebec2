# itertools: infinite iterators cut short, generators as inputs, laziness.
from itertools import (accumulate, chain, compress, count, cycle, dropwhile, filterfalse,
                       groupby, islice, pairwise, repeat, starmap, takewhile, tee, zip_longest)

print(list(islice(count(), 5)), list(islice(count(10, -3), 4)))
print(list(islice(count(2.5, 0.5), 4)), list(islice(count(1, 0.1), 3)))
print(list(islice(count(2**62, 2**61), 3)))
print(list(takewhile(lambda x: x < 20, count(1, 4))))
print(list(zip(count(1), 'abc')), list(zip('xyz', cycle([0, 1]))))
print(list(islice(cycle('abc'), 8)), list(islice(cycle(x for x in 'ab'), 5)))
print(list(cycle([])), list(islice(repeat('r'), 4)), list(zip(range(3), repeat(0))))
print(list(map(pow, range(5), repeat(2))))
print(list(islice(accumulate(count(1)), 6)))
print(list(islice(chain(count(), 'never'), 4)))
print(list(islice(chain.from_iterable(repeat('ab')), 5)))
print(list(islice(compress(count(), cycle([1, 0, 0])), 4)))
print(list(islice(dropwhile(lambda x: x < 100, count()), 3)))
print(list(islice(filterfalse(lambda x: x % 3, count()), 4)))
print(list(islice(starmap(lambda a, b: a * b, zip(count(), count(1))), 5)))
print(list(islice(pairwise(count()), 3)))
print(list(islice(zip_longest(count(), 'ab'), 4)))
a, b = tee(count())
print(list(islice(a, 3)), list(islice(b, 5)), list(islice(a, 2)))
print([(k, list(islice(g, 2))) for k, g in islice(groupby(count(), lambda x: x // 5), 3)])

calls = []


def gen(n):
    for i in range(n):
        calls.append(i)
        yield i


it = islice(gen(100), 2, 6, 2)
print(calls)
print(list(it), calls)
calls.clear()
m = chain(gen(2), gen(3))
print(calls, next(m), calls)
calls.clear()
print(list(takewhile(lambda x: x < 3, gen(10))), calls)
calls.clear()
t = takewhile(lambda x: x < 3, gen(10))
print(list(t), list(t), calls)
calls.clear()
c = compress(gen(5), [1, 0, 1])
print(list(c), calls)


def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b


print(list(islice(fib(), 15)))
print(list(takewhile(lambda x: x < 100, fib())))
print(sum(islice(filterfalse(lambda x: x % 2, fib()), 10)))
print(next(dropwhile(lambda x: x < 10**20, fib())))
print(list(islice(accumulate(fib(), lambda a, b: a + b), 8)))
print([list(g) for k, g in islice(groupby(fib(), lambda x: len(str(x))), 4)])
it = iter(range(10))
print(list(zip(islice(it, 3), it)))
print(list(pairwise(gen(4))))
s = islice(count(), 3, None)
print(next(s), next(s), next(s))
ev = (x for x in count() if x % 7 == 3)
print(list(islice(ev, 3)))
print(list(islice(cycle(range(3)), 2, 10, 3)))
