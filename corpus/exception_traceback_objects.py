class CM:
    def __enter__(self): return self
    def __exit__(self, t, e, tb):
        print(t.__name__ if t else None, type(tb).__name__, tb is None, tb.tb_lineno if tb else None)
        return True
with CM():
    x = 1
    raise ValueError("v")
def f():
    return 1 / 0
try:
    f()
except ZeroDivisionError as e:
    tb = e.__traceback__
    print(type(tb), tb.tb_lineno, repr(tb)[:20])
    e2 = ValueError("x")
    print(e2.__traceback__)
    e3 = e.with_traceback(None)
    print(e3 is e, e.__traceback__)
try:
    try:
        f()
    except ZeroDivisionError as e:
        saved = e.__traceback__
        raise KeyError("k").with_traceback(saved)
except KeyError as k:
    print(k.__traceback__.tb_lineno)

# __traceback__ can be assigned, and a cleared traceback starts afresh
err = ValueError("again")
try:
    raise err
except ValueError as e:
    print(e.__traceback__.tb_lineno)
    e.__traceback__ = None
    print(e.__traceback__)
try:
    err.__traceback__ = 5
except TypeError as t:
    print("TypeError", t)

# the uncaught exception's traceback holds the frames of the traceback it
# was given, then the frames it passed through
def g():
    try:
        f()
    except ZeroDivisionError as z:
        raise RuntimeError("wrapped").with_traceback(z.__traceback__) from None
g()
