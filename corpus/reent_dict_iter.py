# iterating a dict while lookups' __eq__ grow it; keys replaced one for one
class K:
    def __init__(s, n): s.n = n
    def __hash__(s): return 1
    def __eq__(s, o):
        if armed:
            for i in range(20):
                d[i + 50] = i
        return s is o
armed = False
d = {K(0): 1, K(1): 2}
armed = True
try:
    for x in d:
        K(9) in d
except RuntimeError as e:
    print("RuntimeError", e)
print(len(d))

d = {1: 1, 2: 2}
try:
    for k in d:
        del d[k]
        d[k + 10] = 1
except RuntimeError as e:
    print("RuntimeError", e)
print(d)

d = {1: 1, 2: 2, 3: 3}
it = iter(d.items())
print(next(it))
d[4] = 4
for _ in range(2):
    try:
        print(next(it))
    except RuntimeError as e:
        print("RuntimeError", e)
    except StopIteration:
        print("StopIteration")

d = {1: 1, 2: 2, 3: 3}
r = reversed(d.values())
print(next(r))
del d[3]
try:
    print(next(r))
except RuntimeError as e:
    print("RuntimeError", e)

# a key whose __eq__ replaces the dict being walked by a view comparison
d = {1: 1}
class P:
    def __hash__(s): return 1
    def __eq__(s, o):
        d.clear()
        d.update({i: i for i in range(30)})
        return False
d = {P(): 1, 1: 2}
try:
    print(d.keys() == {P(), 5})
except RuntimeError as e:
    print("RuntimeError", e)
print(len(d))
