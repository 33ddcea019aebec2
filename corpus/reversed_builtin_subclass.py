# reversed() of a builtin subclass's instance: the class's own __reversed__
# wins; tuple and str have none and go by their own items, never a
# subclass's __iter__.  Counter's repr asks `if not self` (a subclass's
# __bool__).
import collections


class RL(list):
    def __reversed__(self):
        return iter('rv')


class ROD(collections.OrderedDict):
    def __reversed__(self):
        return iter(['last', 'first'])


class RDD(collections.defaultdict):
    def __reversed__(self):
        return iter('dd')


class IT(tuple):
    def __iter__(self):
        return iter(['i1', 'i2'])


class RT(IT):
    def __reversed__(self):
        return iter('rt')


class IS(str):
    def __iter__(self):
        return iter('zz')


class PL(list):
    pass


for x in (RL([3, 1, 2]), ROD(a=1, b=2), RDD(int, a=1), IT((1, 2)), RT((1, 2)), IS('abc'), PL([1, 2, 3]),
          collections.OrderedDict(a=1, b=2)):
    print(type(x).__name__, list(reversed(x)), list(x))


class Empty(collections.Counter):
    def __bool__(self):
        return False


class Short(collections.Counter):
    def __len__(self):
        return 0


print(Empty('abca'), Short('xy'), str(Empty()), Empty('a')['a'])
