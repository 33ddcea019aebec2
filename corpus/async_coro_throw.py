# exceptions thrown into awaits, caught inside, or passed through
class Wait:
    def __await__(self):
        yield "waiting"

async def inner():
    try:
        await Wait()
    except ValueError as e:
        print("inner caught", e)
        await Wait()
        return "inner recovered"

async def outer():
    r = await inner()
    print("outer got", r)
    try:
        await Wait()
    except KeyError as e:
        print("outer caught", repr(e))
    return "end"

c = outer()
print(c.send(None))
print(c.throw(ValueError("boom")))
print(c.send(None))
try:
    c.throw(KeyError, "kk")
except StopIteration as e:
    print("finished", e.value)

async def passthrough():
    await Wait()
c = passthrough()
c.send(None)
try:
    c.throw(ZeroDivisionError("zz"))
except ZeroDivisionError as e:
    print("propagated", e)
print(c.cr_suspended)
c = passthrough()
try:
    c.throw(TypeError("before start"))
except TypeError as e:
    print("unstarted", e)
