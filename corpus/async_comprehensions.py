# async comprehensions and await inside comprehensions of async functions
def run(coro):
    try:
        while True:
            coro.send(None)
    except StopIteration as e:
        return e.value

async def agen(n):
    for i in range(n):
        yield i

async def double(x):
    return x * 2

async def main():
    a = [x async for x in agen(5)]
    b = {x: x * x async for x in agen(3)}
    c = {x % 2 async for x in agen(6)}
    d = [await double(x) for x in range(4)]
    e = [x async for x in agen(10) if x % 3 == 0]
    f = [(x, y) async for x in agen(3) for y in range(x)]
    g = [y for x in range(3) async for y in agen(x)]
    h = [await double(x) async for x in agen(3) if await double(x) > 0]
    return a, b, c, d, e, f, g, h

for part in run(main()):
    print(part)
