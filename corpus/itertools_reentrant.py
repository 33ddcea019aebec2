# itertools: Python code run by an input re-enters the iterator that reads it.
from itertools import chain, pairwise, accumulate, islice, zip_longest, cycle, tee
holder = []
def f(x):
    if holder and x == 1:
        try:
            print('inner', next(holder[0]))
        except Exception as e:
            print(type(e).__name__, e)
    return x
c = chain(map(f, [0, 1, 2]), [9])
holder.append(c)
print(list(c))
holder.clear()
p = pairwise(map(f, range(4)))
holder.append(p)
print(list(p))
holder.clear()
a = accumulate([1, 2, 3, 4], lambda x, y: (next(holder[0], None), x + y)[1])
holder.append(a)
print(list(a))
holder.clear()
i = islice(map(f, range(5)), 0, 4)
holder.append(i)
print(list(i))
holder.clear()
z = zip_longest(map(f, range(3)), 'ab')
holder.append(z)
print(list(z))
holder.clear()
cy = cycle(map(f, range(3)))
holder.append(cy)
print(list(islice(cy, 7)))
holder.clear()
t1, t2 = tee(map(f, range(4)))
holder.append(t2)
print(list(t1), list(t2))
