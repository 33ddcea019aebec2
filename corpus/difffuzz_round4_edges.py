# Edges the differential fuzzer found (seed 20261205), each checked
# against CPython 3.11.
import itertools
import re
import statistics

# int.to_bytes: the length is a Py_ssize_t, the bytes are allocated before
# the value is converted (past what any process can map: MemoryError)
for f in [lambda: (2**70).to_bytes(10**30, 2), lambda: (True).to_bytes(10**30),
          lambda: (5).to_bytes(2**62, 'big'), lambda: (5).to_bytes(2**63, 'big'),
          lambda: (5).to_bytes(-2**63 - 1, 'big'), lambda: (300).to_bytes(1, 'big'),
          lambda: (5).to_bytes(-1, 'big')]:
    try:
        print(f()[:3])
    except Exception as e:
        print(type(e).__name__, e)

# count's fast mode: an int start and a step equal to the int 1
for c in (itertools.count(False), itertools.count(True), itertools.count(2, True),
          itertools.count(True, False), itertools.count(1.0), itertools.count(False, 1.5),
          itertools.count(True, 1), itertools.count(False, True), itertools.count(7, 1.0)):
    print(repr(c), list(itertools.islice(c, 3)), repr(c))

# harmonic_mean of one item reads data[0] unless data is an iterator
for arg in (frozenset({3}), {3: 1}, "ab", iter([1, 2]), [4], (5.0,), iter([6]), range(2, 3)):
    try:
        print(statistics.harmonic_mean(arg))
    except Exception as e:
        print(type(e).__name__, e)

# split's maxsplit is converted before the string is looked at
for args in (('x,y', lambda *a: 0, '-1.5'), ('x', 5, 'a'), ('x', 'axb', 1), ('x', b'axb')):
    try:
        print(re.split(*args))
    except Exception as e:
        print(type(e).__name__, e)

# chr's argument is a C int before it is a code point (seed 777001)
for v in (2**63, 2**63 - 1, -2**63 - 1, 2**31, -2**31 - 1, -1, 0x110000, 2**62, True, 1.5, "a"):
    try:
        print(repr(chr(v)))
    except Exception as e:
        print(type(e).__name__, e)
