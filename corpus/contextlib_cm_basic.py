# contextlib.contextmanager: enter/exit, values, exceptions thrown into the generator
from contextlib import contextmanager

log = []

@contextmanager
def tag(name):
    log.append("open " + name)
    try:
        yield name.upper()
    finally:
        log.append("close " + name)

with tag("a") as v:
    print("inside", v)
print(log)

@contextmanager
def catching(*types):
    try:
        yield
    except types as e:
        print("caught", type(e).__name__, e)

with catching(ValueError):
    raise ValueError("boom")
print("after suppress")

try:
    with catching(KeyError):
        raise ValueError("not caught")
except ValueError as e:
    print("propagated", e)

@contextmanager
def noyield():
    if False:
        yield
try:
    with noyield():
        pass
except RuntimeError as e:
    print("RuntimeError", e, e.__cause__, e.__suppress_context__)

@contextmanager
def twice():
    yield 1
    yield 2
try:
    with twice():
        pass
except RuntimeError as e:
    print("RuntimeError", e)

@contextmanager
def swallow_then_yield():
    try:
        yield
    except Exception:
        yield
try:
    with swallow_then_yield():
        raise ValueError
except RuntimeError as e:
    print("RuntimeError", e, type(e.__context__).__name__)

@contextmanager
def convert():
    try:
        yield
    except ZeroDivisionError as e:
        raise ArithmeticError("converted") from e
try:
    with convert():
        1 / 0
except ArithmeticError as e:
    print(type(e).__name__, e, type(e.__cause__).__name__)

@contextmanager
def reraise_new():
    try:
        yield
    except KeyError:
        raise TypeError("new one")
try:
    with reraise_new():
        {}["k"]
except TypeError as e:
    print("TypeError", e, repr(e.__context__))

# StopIteration raised in the body is not swallowed
@contextmanager
def plain():
    yield
try:
    with plain():
        raise StopIteration("stop")
except StopIteration as e:
    print("StopIteration escaped", e)
except RuntimeError as e:
    print("RuntimeError", e)

# a generator that returns after an exception: suppressed
@contextmanager
def ret():
    try:
        yield
    except LookupError:
        return
with ret():
    raise IndexError("gone")
print("suppressed by return")

# the same exception re-raised by the generator propagates unchanged
@contextmanager
def passthrough():
    try:
        yield
    except Exception as e:
        print("seen", repr(e))
        raise
try:
    with passthrough():
        raise KeyError("x")
except KeyError as e:
    print("KeyError", e)

# one-shot: reuse fails
cm = tag("b")
with cm:
    pass
try:
    with cm:
        pass
except AttributeError as e:
    print("AttributeError", e)
except RuntimeError as e:
    print("RuntimeError", e)

# arguments and keyword arguments
@contextmanager
def kw(a, b=2, *rest, **opts):
    yield (a, b, rest, sorted(opts.items()))
with kw(1, 3, 4, 5, x=6) as got:
    print(got)
print(kw.__name__, kw.__doc__, kw.__wrapped__.__name__)
@contextmanager
def documented():
    """The doc."""
    yield
print(documented.__doc__, documented().__doc__)
