# coroutines: a recursive async function (naive Fibonacci through await),
# driven by hand with send(None) without an event loop.
async def fib(n):
    if n <= 1:
        return n
    return await fib(n - 1) + await fib(n - 2)


def drive(coro):
    try:
        while True:
            coro.send(None)
    except StopIteration as stop:
        return stop.value


print([drive(fib(k)) for k in (10, 20, 25, 28, 30)], drive(fib(32)))
