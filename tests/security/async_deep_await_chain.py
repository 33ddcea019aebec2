# expect: exit=0 stdout="RecursionError caught" stdout="chain 50 ok"
# A deep chain of coroutines awaiting each other: the recursion limit
# stops it with RecursionError, never a crash (each await is a C frame
# and a generator stack).
class Wait:
    def __await__(self):
        yield "w"

async def chain(n):
    if n == 0:
        await Wait()
        return 0
    return 1 + await chain(n - 1)

def run(c):
    try:
        while True:
            c.send(None)
    except StopIteration as e:
        return e.value

try:
    run(chain(100000))
except RecursionError:
    print("RecursionError caught")
print("chain 50", "ok" if run(chain(50)) == 50 else "bad")
