# a coroutine sending into itself: ValueError, as CPython
async def self_send():
    c.send(None)

c = self_send()
try:
    c.send(None)
except ValueError as e:
    print("ValueError:", e)

async def self_close():
    c2.close()
c2 = self_close()
try:
    c2.send(None)
except ValueError as e:
    print("ValueError:", e)

async def self_throw():
    c3.throw(KeyError)
c3 = self_throw()
try:
    c3.send(None)
except ValueError as e:
    print("ValueError:", e)

async def running():
    print("running inside:", c4.cr_running)
c4 = running()
print("before:", c4.cr_running)
try:
    c4.send(None)
except StopIteration:
    print("after:", c4.cr_running)

async def ag():
    await a.asend(None)
    yield 1
a = ag()
try:
    a.asend(None).send(None)
except RuntimeError as e:
    print("RuntimeError:", e)
