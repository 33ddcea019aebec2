# args: --timeout 30
# expect: exit=0 stdout="900 caught at bottom" stdout="5000 RecursionError" stdout="400 401"
# throw() travelling down a deep chain of awaits through coroutine_wrapper
# delegates, and async generators iterating each other: RecursionError at
# the recursion limit as CPython, never a crash of the C stack.
class Wait:
    def __await__(self):
        yield "w"
class Del:
    def __init__(self, c):
        self.c = c
    def __await__(self):
        return self.c.__await__()
async def chain(n):
    if n == 0:
        try:
            await Wait()
        except ValueError:
            return "caught at bottom"
    return await Del(chain(n - 1))
for depth in (10, 300, 900, 5000):
    c = chain(depth)
    try:
        c.send(None)
        try:
            c.throw(ValueError("x"))
        except StopIteration as e:
            print(depth, e.value)
    except RecursionError:
        print(depth, "RecursionError")
    c.close()
async def agchain(n):
    if n == 0:
        yield 1
        return
    async for x in agchain(n - 1):
        yield x + 1
for depth in (10, 400, 5000):
    g = agchain(depth)
    try:
        g.__anext__().send(None)
    except StopIteration as e:
        print(depth, e.value)
    except RecursionError:
        print(depth, "RecursionError")
