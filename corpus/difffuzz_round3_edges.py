# Divergences found by the differential fuzzer (round 3), minimized.


def show(label, f):
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, type(e).__name__, e)


# round(): ndigits goes through __index__ with the plain message, and a
# big ndigits is clamped as CPython's PyNumber_AsSsize_t does
show('r1', lambda: round(1.5, 'a'))
show('r2', lambda: round(15, 'a'))
show('r3', lambda: round(1.5, 2.0))
show('r4', lambda: round(True, 1.0))
show('r5', lambda: round(1.5, 10**30))
show('r6', lambda: round(-2.5, -10**30))
show('r7', lambda: round(15, 10**30))
show('r8', lambda: round(15, None))
show('r9', lambda: round(1.25, True))
show('r10', lambda: (1.5).__round__('a'))
show('r11', lambda: (15).__round__(10**30))


# generators: gi_running, gi_suspended, gi_yieldfrom
def gen():
    print('inside', g.gi_running, g.gi_suspended)
    yield 1


def outer():
    yield from inner


inner = gen()
g = inner
print(g.gi_running, g.gi_suspended, g.gi_yieldfrom)
o = outer()
print(next(o), o.gi_yieldfrom is inner, o.gi_running, o.gi_suspended)
print(list(o), o.gi_yieldfrom, o.gi_suspended, o.gi_running)
ge = (x for x in range(3))
print(ge.gi_running, ge.gi_suspended, ge.gi_yieldfrom)
next(ge)
print(ge.gi_running, ge.gi_suspended, ge.gi_yieldfrom)
try:
    g.gi_running = True
except AttributeError as e:
    print(type(e).__name__, e)
