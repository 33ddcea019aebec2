# exception propagation through nested managers, tracebacks chained as CPython
from contextlib import contextmanager, ExitStack, suppress

events = []

@contextmanager
def layer(name, swallow=(), convert=None):
    events.append("enter " + name)
    try:
        yield name
    except swallow as e:
        events.append("%s swallowed %s" % (name, type(e).__name__))
    except Exception as e:
        events.append("%s saw %s" % (name, type(e).__name__))
        if convert:
            raise convert("from " + name)
        raise
    finally:
        events.append("exit " + name)

try:
    with layer("outer", swallow=(KeyError,)):
        with layer("middle", convert=KeyError):
            with layer("inner"):
                raise ValueError("deep")
except Exception as e:
    print("escaped", repr(e))
print(events)
events.clear()

try:
    with layer("a"), layer("b", convert=TypeError), layer("c"):
        raise IndexError("x")
except TypeError as e:
    print(repr(e), repr(e.__context__))
print(events)
events.clear()

def deep(n):
    if n == 0:
        raise LookupError("bottom")
    with layer("L%d" % n):
        deep(n - 1)
try:
    deep(4)
except LookupError as e:
    print("bottom reached", e)
print(events)
events.clear()

with ExitStack() as st:
    for i in range(3):
        st.enter_context(layer("s%d" % i, swallow=(ZeroDivisionError,)))
    1 / 0
print(events)
events.clear()

@contextmanager
def gen_with_finally_error():
    try:
        yield
    finally:
        raise RuntimeError("cleanup failed")
try:
    with gen_with_finally_error():
        raise ValueError("body failed")
except RuntimeError as e:
    print(repr(e), repr(e.__context__))

try:
    with suppress(ValueError):
        with gen_with_finally_error():
            pass
except RuntimeError as e:
    print("no context:", e.__context__)

# generators that yield inside with blocks
def producer():
    with layer("producer"):
        yield 1
        yield 2
for v in producer():
    events.append(v)
print(events)
events.clear()
g = producer()
next(g)
g.close()
print(events)
