# type(...).__name__, __module__ and repr of the builtin, collections, itertools and re iterators, as CPython 3.11 names them.
import itertools, collections, re
objs = [reversed("abc"), reversed((1,2)), reversed([1,2]), reversed(range(3)), reversed({1:2}), reversed({1:2}.keys()), reversed({1:2}.values()), reversed({1:2}.items()),
 iter([1]), iter((1,)), iter("abc"), iter("é"), iter(range(3)), iter(range(10**20)), iter({1:2}), iter({1:2}.values()), iter({1:2}.items()), iter({1}), iter(frozenset({1})), iter(b"ab"), iter(bytearray(b"a")),
 iter(collections.deque([1])), reversed(collections.deque([1])), map(str,[1]), filter(None,[1]), zip([1]), enumerate([1]), (x for x in []),
 iter({1:2}.keys()), reversed({}),
]
class S:
    def __getitem__(self, i): raise IndexError
    def __len__(self): return 0
objs.append(iter(S()))
objs.append(reversed(S()))
for o in objs:
    t = type(o)
    print(t.__name__, t.__qualname__, t.__module__, str(t), repr(o).split(' at ')[0])
its = [itertools.count(), itertools.cycle("ab"), itertools.repeat(1, 2), itertools.accumulate([1]), itertools.chain([1]),
       itertools.compress("a", [1]), itertools.dropwhile(bool, []), itertools.takewhile(bool, []), itertools.filterfalse(None, []),
       itertools.starmap(pow, []), itertools.islice([], 1), itertools.pairwise([]), itertools.zip_longest([]),
       itertools.groupby([]), itertools.tee([])[0], itertools.product([]), itertools.permutations([]), itertools.combinations([], 1),
       itertools.combinations_with_replacement([], 1), collections.Counter("a").elements(), re.finditer("a", "a"),
       enumerate([], 2**70), iter(collections.UserList([1]))]
for o in its:
    t = type(o)
    print(t.__name__, t.__module__, str(t), repr(o).split(" at ")[0].split("(")[0])
g = itertools.groupby("aab")
print(type(next(g)[1]).__name__)
