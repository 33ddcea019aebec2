# expect: exit=0 stdout="ValueError: coroutine already executing" stdout="agen RuntimeError"
# A coroutine sending into itself (re-entrancy): CPython's ValueError, no crash.
async def me():
    c.send(None)

c = me()
try:
    c.send(None)
except ValueError as e:
    print("ValueError:", e)

async def ag():
    async for x in a:
        yield x
a = ag()
try:
    a.__anext__().send(None)
except RuntimeError as e:
    print("agen RuntimeError", e)
