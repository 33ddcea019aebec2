# dict == dict while the values' or keys' __eq__ clears both dicts
class V:
    def __init__(s, n): s.n = n
    def __eq__(s, o):
        print("eq", s.n)
        a.clear(); b.clear()
        return True
a = {1: V(1), 2: V(2), 3: V(3)}
b = {1: V(4), 2: V(5), 3: V(6)}
print(a == b, a, b)
a = {1: V(1), 2: V(2)}
b = {1: V(4), 2: V(5)}
print(a != b)

class K:
    def __init__(s, n): s.n = n
    def __hash__(s):
        print("hash", s.n)
        return 7
    def __eq__(s, o):
        print("keq", s.n, getattr(o, "n", o))
        a.clear(); b.clear()
        return True
k1, k2 = K(1), K(2)
a = {k1: 1, 5: 2}
b = {k2: 1, 5: 2}
print(a == b)

# the comparison grows the other dict
class W:
    def __eq__(s, o):
        for i in range(50):
            b[i + 10] = i
        return True
a = {1: W(), 2: W()}
b = {1: W(), 2: W()}
print(a == b, len(b))
