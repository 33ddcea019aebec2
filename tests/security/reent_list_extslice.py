# An extended-slice assignment whose iterable empties the list: CPython 3.11
# writes past the list here (it segfaults); safepy takes the slice again on
# the list as it now is and raises the size mismatch.
# expect: exit=1 stderr="attempt to assign sequence of size 5 to extended slice of size 0" stdout="ok"
L = list(range(10))
def g():
    L.clear()
    yield from range(5)
try:
    L[::2] = g()
except ValueError as e:
    print("ok", L)
    raise
