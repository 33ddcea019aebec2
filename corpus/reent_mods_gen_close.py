# close() called from the generator's own body (a finally block, a
# delegate's close) while it runs: CPython's ValueError.
def h():
    try:
        yield 1
    finally:
        try:
            hi.close()
        except ValueError as e:
            print("close:", e)
hi = h()
next(hi)
hi.close()
print("closed")

def inner():
    try:
        yield 1
    finally:
        try:
            outer_gen.close()
        except ValueError as e:
            print("inner close:", e)
def outer():
    yield from inner()
outer_gen = outer()
next(outer_gen)
outer_gen.close()
print("outer closed")

def selfnext():
    try:
        yield 1
    finally:
        try:
            next(sn)
        except ValueError as e:
            print("next:", e)
sn = selfnext()
next(sn)
sn.close()
print(list(sn))
