# asynchronous generator expressions, yield from a coroutine in a plain generator, decorated async defs
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
    g = (x * 10 async for x in agen(4))
    print(type(g).__name__, g.__name__, g.ag_running)
    print([v async for v in g])
    h = (await double(x) for x in range(3))
    print(type(h).__name__)
    print([v async for v in h])
    k = (y async for x in agen(3) for y in range(x) if y)
    return [v async for v in k]

print(run(main()))
m = (x async for x in agen(2))
print(type(m).__name__)
def plain():
    c = double(1)
    try:
        yield from c
    finally:
        c.close()
try:
    list(plain())
except TypeError as e:
    print(e)

def deco(f):
    print("decorating", f.__name__)
    return f
class C:
    @deco
    async def m(self):
        return "m"
    @staticmethod
    async def s():
        return "s"
print(run(C().m()), run(C.s()))
