# async for over async generators and over classes with __aiter__/__anext__
def run(coro):
    try:
        while True:
            coro.send(None)
    except StopIteration as e:
        return e.value

class Countdown:
    def __init__(self, n):
        self.n = n
    def __aiter__(self):
        return self
    async def __anext__(self):
        if self.n <= 0:
            raise StopAsyncIteration
        self.n -= 1
        return self.n

async def squares(n):
    for i in range(n):
        yield i * i

async def main():
    out = []
    async for x in Countdown(4):
        out.append(x)
    async for y in squares(5):
        if y == 9:
            continue
        if y > 10:
            break
        out.append(y)
    else:
        out.append("no else after break")
    async for z in squares(2):
        out.append(("z", z))
    else:
        out.append("else ran")
    async for a, b in pairs():
        out.append(a + b)
    return out

async def pairs():
    yield 1, 2
    yield 3, 4

print(run(main()))
