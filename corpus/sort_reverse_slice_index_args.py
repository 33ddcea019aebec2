# sort's reverse= is a C int as in CPython (None, floats and huge ints are
# errors), and start/stop arguments (list.index, str.find) take any int,
# clamped, with CPython's 'slice indices must be...' messages.
import collections
class I:
    def __index__(self):
        return 1
class MyInt(int):
    pass
for v in [None, 1.5, 'x', 2**40, -2**40, 2**70, 2, 0, True, I(), MyInt(1), MyInt(0), []]:
    for f in (lambda: sorted([1, 3, 2], reverse=v), lambda: [1, 3, 2].sort(reverse=v) or 'sorted'):
        try:
            print(f())
        except Exception as e:
            print(type(e).__name__, e)
class I2:
    def __index__(self):
        return 1
for f in [lambda: [1, 2].index(2, 'a'), lambda: (1, 2).index(2, 'a'), lambda: 'ab'.index('b', 'a'),
          lambda: [1].index(1, None), lambda: (1,).index(1, 0, None), lambda: 'ab'.find('b', None),
          lambda: 'ab'.count('b', 1.5), lambda: [1].index(1, 2**70), lambda: [1, 2].index(2, -2**70, 2**70),
          lambda: (1, 2).index(2, I2()), lambda: 'abc'.find('c', -2**80, 2**80), lambda: 'abc'.startswith('b', I2()),
          lambda: collections.deque([1]).index(1, 'a'), lambda: collections.deque([1, 2]).index(2, -2**70),
          lambda: slice(1, 5).indices('a'), lambda: 'abc'.rfind('a', None, None),
          lambda: [1, 2, 3][I2():], lambda: [1, 2, 3][1.0:]]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
