# A result bigger than any 64-bit process can map (2**47 bytes on Linux) is
# a MemoryError in CPython on every machine, raised before anything is
# allocated, so a program can catch it and go on.
import collections

attempts = [
    ("list repeat", lambda: [0] * 2**50),
    ("tuple repeat, int first", lambda: (1 << 49) * (0.5, 2.0)),
    ("str repeat", lambda: "ab" * 2**47),
    ("wide str repeat", lambda: "\u20ac" * 2**46),
    ("bytearray repeat", lambda: bytearray(b"xy") * 2**47),
    ("bytes(n)", lambda: bytes(2**50)),
    ("bytearray(n)", lambda: bytearray(2**48)),
    ("bytes.ljust", lambda: b"a".ljust(2**50)),
    ("str.center", lambda: "ab".center(2**50)),
    ("str.zfill", lambda: "7".zfill(2**49)),
    ("list in place", lambda: [1, 2].__imul__(2**49)),
]
for name, make in attempts:
    try:
        make()
        print(name, "made")
    except MemoryError as e:
        print(name, type(e).__name__, repr(e.args))

# after all of them, memory is as it was
data = [n * n for n in range(1000)]
print(len(data), sum(data))

# past PY_SSIZE_T_MAX it is CPython's own error, before any allocation
for make in (lambda: "a" * 2**63, lambda: b"ab" * 2**62, lambda: [0] * 2**62):
    try:
        make()
    except (MemoryError, OverflowError) as e:
        print(type(e).__name__, e)
