# Keyword arguments of the collections, random and re callables whose binding
# this branch changed, with CPython's TypeErrors for every wrong call.
import collections
c = collections.Counter('abracadabra')
cm = collections.ChainMap({'a': 1})
od = collections.OrderedDict(a=1)
tests = [lambda: c.most_common(1, 2), lambda: c.most_common(x=1), lambda: c.most_common('a'), lambda: c.most_common(n=None),
 lambda: cm.get(), lambda: cm.get(1, 2, 3), lambda: cm.get(key='a'), lambda: cm.get('z', default=5), lambda: cm.get(x=1),
 lambda: od.setdefault(), lambda: od.setdefault(1, 2, 3), lambda: od.setdefault(key='q', default=3), lambda: od.setdefault('a', key=1),
 lambda: od.pop(), lambda: od.pop('zz'), lambda: od.pop(key='zz', default=0), lambda: od.pop(1, 2, 3), lambda: od.pop(default=1),
 lambda: od.fromkeys(), lambda: od.fromkeys(iterable='ab', value=1), lambda: collections.OrderedDict.fromkeys('ab', 1, 2), lambda: od.fromkeys(value=1),
 lambda: collections.Counter.fromkeys('ab'),
 lambda: cm.new_child(m={'c': 3}), lambda: cm.new_child({'d': 4}, x=1), lambda: cm.new_child(x=1), lambda: cm.new_child(1, 2),
]
for t in tests:
    try: print(t())
    except Exception as e: print(type(e).__name__, e)
import random
for t in [lambda: random.Random(x=3).random(), lambda: random.SystemRandom(x=3).__class__.__name__, lambda: random.Random(y=3), lambda: random.Random(1, 2)]:
    try: print(t())
    except Exception as e: print(type(e).__name__, e)

c = collections.Counter('abracadabra')
for n in ['a', 1.0, 2.5, 10.0, True, -1, None, 0]:
    try: print(repr(n), c.most_common(n))
    except Exception as e: print(repr(n), type(e).__name__, e)

cm = collections.ChainMap({'a': 1}, {'b': 2})
od = collections.OrderedDict(a=1, b=2)
for f in [lambda: cm.pop(), lambda: cm.pop(key='a'), lambda: cm.pop('zz', 5), lambda: cm.pop('zz'), lambda: cm.pop('b'), lambda: cm.pop('zz', 1, 2), lambda: cm.pop('a', key='a'), lambda: cm.pop(k=1),
          lambda: od.move_to_end(), lambda: od.move_to_end(key='a', last=False), lambda: od.move_to_end('a', 0, 1), lambda: od.move_to_end('a', last=0, x=1), lambda: od.move_to_end('zz'), lambda: od.move_to_end('b', key='a'), lambda: od.move_to_end('b', False, last=True)]:
    try: print(f(), cm, od)
    except Exception as e: print(type(e).__name__, e)

import re
for f in [lambda: re.RegexFlag(), lambda: re.RegexFlag(1,2,3), lambda: re.RegexFlag(2, zz=1), lambda: re.RegexFlag(value=2, start=5), lambda: re.RegexFlag(2, None, module=1), lambda: re.RegexFlag(2, value=3), lambda: re.RegexFlag(value=99)]:
    try: print(f())
    except Exception as e: print(type(e).__name__, e)

P = collections.namedtuple("P", "x y", module="geometry")
print(P, P.__module__, P(1, 2))
Q = collections.namedtuple("Q", "x", module=None)
print(Q, Q.__module__)
print(cm.new_child(m={"z": 0}, w=1), cm.new_child(None, w=2))
try:
    cm.new_child({}, m={})
except TypeError as e:
    print(type(e).__name__, e)
print(collections.OrderedDict.fromkeys(iterable="xy", value=[]))
print(collections.OrderedDict.fromkeys("xy"))
