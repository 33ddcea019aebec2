# try/finally in coroutines closed by close(); GeneratorExit reaches the innermost await
class Wait:
    def __await__(self):
        yield 1

async def leaf(log):
    try:
        await Wait()
    finally:
        log.append("leaf finally")

async def mid(log):
    try:
        await leaf(log)
    except GeneratorExit:
        log.append("mid saw GeneratorExit")
        raise
    finally:
        log.append("mid finally")

log = []
c = mid(log)
c.send(None)
print(c.close())
print(log)
print(c.close())

async def ignore():
    try:
        await Wait()
    except GeneratorExit:
        await Wait()

c = ignore()
c.send(None)
try:
    c.close()
except RuntimeError as e:
    print("RuntimeError:", e)

async def swallow():
    try:
        await Wait()
    except GeneratorExit:
        return 5
c = swallow()
c.send(None)
print(c.close())

async def raises_in_close():
    try:
        await Wait()
    finally:
        raise ValueError("from finally")
c = raises_in_close()
c.send(None)
try:
    c.close()
except ValueError as e:
    print("ValueError:", e)
