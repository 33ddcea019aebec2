# a coroutine is not an iterator; send/throw/close errors
async def f():
    return 1

c = f()
for op in (lambda: iter(c), lambda: next(c), lambda: list(c)):
    try:
        op()
    except TypeError as e:
        print("TypeError:", e)
try:
    c.send(1)
except TypeError as e:
    print("TypeError:", e)
try:
    c.throw(KeyError("k"))
except KeyError as e:
    print("KeyError", e)
try:
    c.send(None)
except RuntimeError as e:
    print("RuntimeError:", e)
c = f()
c.close()
try:
    c.send(None)
except RuntimeError as e:
    print("closed then sent:", e)
try:
    for x in f():
        pass
except TypeError as e:
    print("TypeError:", e)
try:
    c.send()
except TypeError as e:
    print("TypeError:", e)
