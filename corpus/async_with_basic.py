# async with: __aenter__ and __aexit__ awaited, exceptions passed to __aexit__
def run(coro):
    try:
        while True:
            coro.send(None)
    except StopIteration as e:
        return e.value

class Wait:
    def __await__(self):
        yield "w"

class Res:
    def __init__(self, name, suppress=False):
        self.name = name
        self.suppress = suppress
    async def __aenter__(self):
        await Wait()
        print("enter", self.name)
        return self.name.upper()
    async def __aexit__(self, et, ev, tb):
        await Wait()
        print("exit", self.name, et.__name__ if et else None, ev)
        return self.suppress

async def main():
    async with Res("a") as x, Res("b") as y:
        print("body", x, y)
    async with Res("c", suppress=True):
        raise ValueError("swallowed")
    try:
        async with Res("d"):
            raise KeyError("kept")
    except KeyError as e:
        print("caught", repr(e))
    async with Res("e") as v:
        return "returned " + v

c = main()
steps = 0
try:
    while True:
        assert c.send(None) == "w"
        steps += 1
except StopIteration as e:
    print(e.value, steps)
