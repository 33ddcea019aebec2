# Exception messages are not cut at 512 bytes (CPython's PyErr_Format keeps a
# long repr whole), and range's index errors say "range indices" / "range
# object index out of range" as CPython's range does.
import collections
import datetime

tests = [
    lambda: [1, 2].index((15 ** 41) ** 54),
    lambda: [1].index('z' * 700),
    lambda: collections.deque().remove('u' * 800),
    lambda: getattr(1, 'a' * 1000),  # safepy: ignore[SP305]
    lambda: float('y' * 1000),
    lambda: int('x' * 1000),
    lambda: datetime.datetime.strptime('w' * 600, '%Y'),
    lambda: {1}.remove('s' * 800),
]
for t in tests:
    try:
        t()
    except Exception as e:
        s = str(e)
        print(type(e).__name__, len(s), s[:40], s[-40:])

r = range(2, 20, 3)
for k in [None, 'a', 1.5, 2**70, -2**70, 10, -7, True, slice(1, None, 2)]:
    try:
        print(r[k])
    except Exception as e:
        print(type(e).__name__, e)
for s in ([1], (1,)):
    try:
        s[2**70]
    except IndexError as e:
        print(e)
