# CPython's errors for async with
def run(coro):
    try:
        while True:
            coro.send(None)
    except StopIteration as e:
        return e.value

class OnlyEnter:
    async def __aenter__(self):
        return 1

class SyncMethods:
    def __aenter__(self):
        return 1
    def __aexit__(self, *a):
        return 1

class SyncExit:
    async def __aenter__(self):
        return 1
    def __aexit__(self, *a):
        return None

class Plain:
    def __enter__(self):
        return self
    def __exit__(self, *a):
        pass

async def use(cm):
    async with cm:
        pass

for cm in [1, OnlyEnter(), SyncMethods(), SyncExit(), Plain()]:
    try:
        run(use(cm))
    except TypeError as e:
        print(type(cm).__name__, "->", e)

class Boom:
    async def __aenter__(self):
        raise OSError("enter failed")
    async def __aexit__(self, *a):
        print("not called")
try:
    run(use(Boom()))
except OSError as e:
    print("OSError:", e)
