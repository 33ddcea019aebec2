# An extended-slice assignment measures the slice before it consumes the
# iterable; a generator that grows the list (or shrinks it behind the
# slice) leaves that measure in force, as CPython's list_ass_subscript.
t = [0, 1, 2, 3, 4, 5]
def g():
    t.extend([9] * 10)
    yield from 'abc'
t[::2] = g()
print(t)
t = [0, 1, 2, 3, 4, 5, 6, 7]
def g2():
    del t[7:]
    yield from 'abcd'
t[::2] = g2()
print(t)
t = [0, 1, 2, 3, 4, 5]
def g3():
    t.append(6)
    yield from 'abc'
t[::-2] = g3()
print(t)
