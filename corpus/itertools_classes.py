# itertools' iterators are classes: isinstance checks, type names, and the
# errors their constructors raise for bad arguments.
import itertools
from itertools import chain, count, cycle, groupby, islice, repeat


def describe(obj):
    kinds = [name for name in ("count", "cycle", "repeat", "chain", "islice", "groupby", "product",
                               "permutations", "combinations", "zip_longest", "accumulate", "pairwise")
             if isinstance(obj, getattr(itertools, name))]  # safepy: ignore[SP305]
    return f"{type(obj).__name__}: {kinds}"


ticker = count(10, 5)
print(describe(ticker), next(ticker), next(ticker), ticker)
print(describe(cycle("ab")), describe(repeat(0, 3)), describe(islice(ticker, 2)))
print(describe(chain([1], [2])), describe(chain.from_iterable([[1]])))
print(describe(itertools.product("ab", repeat=2)), describe(itertools.permutations(range(3))))
print(describe(itertools.combinations("abc", 2)), describe(itertools.zip_longest([1], [2, 3])))
print(describe(itertools.accumulate([1, 2, 3])), describe(itertools.pairwise("abc")))
print(describe(groupby("aabbb")), describe(iter([1])))
print(type(ticker) is count, type(chain()) is chain, count, chain, itertools.tee)
print(count.__name__, count.__module__, chain.from_iterable.__name__)


def take(iterable, n=5):
    return list(islice(iterable, n)) if isinstance(iterable, (count, cycle, repeat)) else list(iterable)[:n]


print(take(count(1)), take(cycle([7, 8])), take(repeat("x")), take("abcdefg"))

handlers = {count: "counter", chain: "chain"}
print(handlers[type(count())], handlers.get(type(chain())), handlers.get(type(iter(()))))

for bad in (lambda: cycle([1], times=2), lambda: islice([1, 2], stop=1), lambda: chain(x=[1]),
            lambda: itertools.pairwise(iterable="ab"), lambda: count(1, 2, 3), lambda: count(a=1, b=2, c=3),
            lambda: itertools.compress(selectors=[1]), lambda: itertools.compress([1], data=[1]),
            lambda: itertools.accumulate([1], None, 0, 1), lambda: itertools.combinations_with_replacement("ab", x=2),
            lambda: repeat(times=2), lambda: itertools.product("ab", rep=2), lambda: groupby(x=1, y=2, z=3)):
    try:
        bad()
    except TypeError as e:
        print("TypeError:", e)
