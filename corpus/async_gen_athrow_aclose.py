# athrow and aclose on async generators, with CPython's errors for reuse
async def gen(log):
    try:
        yield 1
        try:
            yield 2
        except ValueError as e:
            log.append("caught %s" % e)
            yield 99
    finally:
        log.append("finally")

def step(aw, value=None):
    try:
        return ("yield", aw.send(value))
    except StopIteration as e:
        return ("stop", e.value)
    except BaseException as e:
        return (type(e).__name__, str(e))

log = []
a = gen(log)
print(step(a.__anext__()))
print(step(a.__anext__()))
t = a.athrow(ValueError("v"))
print(type(t).__name__)
print(step(t))
print(step(t))
print(step(a.aclose()))
print(log)
print(step(a.__anext__()))
print(step(a.aclose()))

log = []
a = gen(log)
print(step(a.aclose()), log)
print(step(a.__anext__()))

log = []
a = gen(log)
print(step(a.__anext__()))
print(step(a.athrow(KeyError("k"))), log)
print(step(a.athrow(KeyError("k"))))

async def ignores():
    try:
        yield 1
    except GeneratorExit:
        yield 2
a = ignores()
print(step(a.__anext__()))
print(step(a.aclose()))
c = a.aclose()
print(step(c))
print(step(c))
print(step(a.athrow(ValueError, ValueError("x"), None)))
