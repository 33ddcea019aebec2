# dict and set lookups whose key's __eq__ empties and refills the container: the probe starts over, as CPython's lookdict/set_lookkey
class K:
    def __init__(s, h):
        s.h = h
    def __hash__(s):
        return s.h
    def __eq__(s, o):
        if isinstance(o, K) and mutate:
            d.clear()
            for i in range(100):
                d[i + 1000] = i
        return False
mutate = False
d = {}
d[K(1)] = 'a'
mutate = True
print(d.get(K(1)))
print(len(d))
d = {K(1): 'x'}
d[K(1)] = 'y'
print(len(d), sorted(v for v in d.values() if isinstance(v, str)))
d = {K(1): 'x'}
print(d[K(1)] if False else K(1) in d, len(d))
d = {K(1): 'x'}
try:
    print(d[K(1)])
except KeyError as e:
    print("KeyError", type(e.args[0]).__name__)
print(len(d))
class S:
    def __init__(s, h):
        s.h = h
    def __hash__(s):
        return s.h
    def __eq__(s, o):
        if isinstance(o, S) and mutate:
            st.clear()
            for i in range(200):
                st.add(i + 5000)
        return False
mutate = False
st = {S(7)}
mutate = True
print(S(7) in st, len(st))
st = {S(7)}
st.add(S(7))
print(len(st), sum(1 for x in st if isinstance(x, S)))
st = {S(7)}
st.discard(S(7))
print(len(st))
fs = frozenset([S(3)])
mutate = False
print(S(3) in fs)
