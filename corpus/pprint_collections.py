# pprint's layouts for the collections types, with random contents
import collections
import pprint
import random

random.seed(7)


def val(r):
    return r.choice([r.randrange(1000), 'v' * r.randrange(1, 15), [r.randrange(9)] * r.randrange(6), None])


for case in range(25):
    n = random.randrange(0, 9)
    w = random.choice([10, 25, 40, 60, 80])
    ind = random.choice([1, 2, 4])
    print('---', case, n, w, ind)
    od = collections.OrderedDict(('key%d' % random.randrange(100), val(random)) for _ in range(n))
    print(pprint.pformat(od, width=w, indent=ind))
    dd = collections.defaultdict(random.choice([list, int, None]), {i: val(random) for i in range(n)})
    print(pprint.pformat(dd, width=w, indent=ind))
    c = collections.Counter(random.choice('abcdefg') for _ in range(n * 7))
    print(pprint.pformat(c, width=w, indent=ind))
    cm = collections.ChainMap(*[{j: val(random) for j in range(random.randrange(4))} for _ in range(n % 4)])
    print(pprint.pformat(cm, width=w, indent=ind))
    dq = collections.deque([val(random) for _ in range(n)], maxlen=random.choice([None, n + 2, 3]))
    print(pprint.pformat(dq, width=w, indent=ind))
    print(pprint.pformat(collections.UserDict({i: val(random) for i in range(n)}), width=w))
    print(pprint.pformat(collections.UserList([val(random) for _ in range(n)]), width=w))
    print(pprint.pformat(collections.UserString('word ' * n * 3), width=w))
    print(pprint.pformat([od, c, dq], width=w, compact=True))

Point = collections.namedtuple('Point', 'x y')
print(pprint.pformat([Point(i, 'y' * 30) for i in range(3)]))


class MyOD(collections.OrderedDict):
    pass


class MyCounter(collections.Counter):
    pass


class MyDeque(collections.deque):
    pass


print(pprint.pformat(MyOD((i, 'x' * 20) for i in range(5))))
print(pprint.pformat(MyCounter('hello world ' * 5), width=20))
print(pprint.pformat(MyDeque(range(30)), width=30))
print(pprint.pformat(collections.OrderedDict()))
print(pprint.pformat(collections.Counter()))
print(pprint.pformat(collections.deque()))
print(pprint.pformat(collections.defaultdict(int)))
print(pprint.pformat(collections.ChainMap()))
