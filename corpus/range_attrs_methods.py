# range: start/stop/step, index/count (ints in O(1), other values by ==), hash as CPython
r = range(0, 20, 3)
for x in [9, 10, 3.0, 'a', True, 2**70]:
    try:
        print(r.index(x), r.count(x))
    except Exception as e:
        print(type(e).__name__, e, r.count(x))
print(hash(range(0)) == hash(range(5, 5)), hash(range(3, 4)) == hash(range(3, 9, 10)), hash(range(0, 10, 2)) == hash((5, 0, 2)))
print(range(0).start, range(2**70).stop, type(range(2**70).stop), range(1, 2, 3).start, range(1, 2, 3).stop, range(1, 2, 3).step, range(5).step)
for call in [lambda: range(3).index(), lambda: range(3).count(1, 2)]:
    try:
        call()
    except TypeError as e:
        print(e)
print(range(10**20, 10**20 + 30, 7).index(10**20 + 14), range(10**20, 10**21).count(5), range(-5, 5).index(-5), range(10, 0, -2).index(4))
print({range(3): "a", range(0, 3): "b"}, len({range(0), range(1, 1), range(2, 2, 5)}))
try:
    range(3).start = 5
except AttributeError as e:
    print(e)
print(r[1:3].start, r[::-1].step, range(3).__class__.__name__)
