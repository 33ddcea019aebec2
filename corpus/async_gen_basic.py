# async generators driven by hand: __anext__, asend, StopAsyncIteration
async def counter(n):
    for i in range(n):
        got = yield i
        if got is not None:
            print("got", got)

a = counter(3)
print(type(a).__name__, repr(a).startswith("<async_generator object counter at"))
print(a.__name__, a.__qualname__, a.ag_running, a.ag_await)
print(a.__aiter__() is a)
aw = a.__anext__()
print(type(aw).__name__, repr(aw).startswith("<async_generator_asend object at"))
try:
    aw.send(None)
except StopIteration as e:
    print("value", e.value)
try:
    aw.send(None)
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    a.asend("hello").send(None)
except StopIteration as e:
    print("value", e.value)
aw = a.asend(None)
try:
    next(aw)
except StopIteration as e:
    print("value via next", e.value)
try:
    a.__anext__().send(None)
except StopAsyncIteration as e:
    print("StopAsyncIteration", repr(e))
try:
    a.__anext__().send(None)
except StopAsyncIteration:
    print("still exhausted")
