# bytearray.extend: a bytes-like argument is copied, anything else iterated
# (its length hint asked) into a bytearray of its own that is appended whole
for arg in (5, None, [300], [-1], ["a"], [1.5], (x for x in [1, 2, 256]), "ab", b"xy", bytearray(b"z"), [True, 7]):
    b = bytearray(b"0")
    try:
        b.extend(arg)
    except Exception as e:
        print(type(e).__name__, e)
    print(b)
class I:
    def __index__(self): return 65
b = bytearray(); b.extend([I()]); print(b)
b = bytearray(b"ab"); b.extend(b); print(b)
class G:
    def __init__(s, b): s.b = b
    def __iter__(s): return iter([1, 2])
    def __len__(s): s.b.extend(b"L"); return 2
b = bytearray(); b.extend(G(b)); print(b)
