# random.seed with every type Lib/random.py accepts: int (its absolute
# value), float (its hash), str/bytes/bytearray (version 2: the bytes with
# their SHA-512 digest appended, as one big-endian int; version 1: the old
# string hash, bytes read as latin-1), and the TypeErrors for the rest.
import random

seeds = [1, -5, 2**70, -(2**70), 0, True, False, 1.5, -0.0, 2.0, 1e300,
         "abc", "", "é€😀", "x" * 111, "y" * 112, "z" * 500,
         b"abc", b"", b"\x00", b"\xff" * 127, b"\x80" * 128,
         bytearray(b"xy"), bytearray(), bytearray(range(256))]
for s in seeds:
    random.seed(s)
    print(repr(s)[:40], random.random(), random.getrandbits(70), random.randrange(1000))

# the same bytes as str and bytes give the same stream under version 2
random.seed("key")
a = [random.random() for _ in range(3)]
random.seed(b"key")
b = [random.random() for _ in range(3)]
random.seed(bytearray(b"key"))
c = [random.random() for _ in range(3)]
print(a == b == c, a)

for v in (1, 2):
    for s in ["abc", b"abc", "é€😀", b"\xe9\x80", "\xe9\x80", "", b"", "a" * 300]:
        random.seed(s, version=v)
        print("version", v, repr(s)[:30], random.random())

random.seed(a=b"kw", version=2)
print("keywords", random.random())
random.seed(b"kw", 2)
print("positional", random.random())

for bad in [(1,), [1], None.__class__, 3j, frozenset(), bytearray(b"a"), object()]:
    for v in (1, 2):
        try:
            random.seed(bad, version=v)
            print("accepted", type(bad).__name__, v, random.random())
        except TypeError as e:
            print(type(bad).__name__, v, "TypeError:", e)

# instances seed the same way: Random(x) and r.seed(x)
r = random.Random(b"key")
print(r.random())
r = random.Random(bytearray(b"key"))
print(r.randint(1, 100))
r.seed(b"other")
print(r.choice("abcdef"), r.sample(range(100), 5))
r.seed("other", version=1)
print(r.shuffle(l := list(range(10))), l)

# the state after a bytes seed round-trips through getstate/setstate
random.seed(b"state")
st = random.getstate()
x = random.random()
random.setstate(st)
print(random.random() == x)

try:
    random.seed(b"x", 2, 3)
except TypeError as e:
    print("TypeError:", e)
random.seed([b"not hashable"])
