# an exception thrown into a chain of awaits from the driver, uncaught: the
# traceback runs from throw() through every awaiting coroutine
class Wait:
    def __await__(self):
        yield "suspended"

async def leaf():
    await Wait()

async def middle():
    try:
        await leaf()
    finally:
        print("middle cleanup")

async def top():
    await middle()

c = top()
print(c.send(None))
c.throw(ValueError("thrown from the driver"))
