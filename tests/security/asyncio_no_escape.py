# args: --allow-module asyncio
# expect: exit=0 stdout="asyncio surface ok"
# Nothing of asyncio leads to a module object, a frame, code, __globals__ or
# __builtins__: not its functions, not a Task or Future, not the coroutine
# get_coro() returns (its frame and code are refused as for any coroutine),
# not the coroutines asyncio writes in C.  The unsupported parts (threads,
# subprocesses, sockets) raise NotImplementedError naming themselves.
import asyncio

bad = []


def probe(label, obj):
    for attr in ("cr_frame", "cr_code", "gi_frame", "f_globals", "__globals__", "__builtins__",
                 "__code__", "__self__", "__module__"):
        try:
            v = getattr(obj, attr)
        except Exception:
            continue
        if type(v).__name__ in ("module", "frame", "code", "dict") and attr != "__module__":
            bad.append((label, attr))


async def child():
    await asyncio.sleep(0)
    return 1


async def main():
    t = asyncio.create_task(child())
    probe("task", t)
    probe("coro", t.get_coro())
    probe("loop", asyncio.get_running_loop())
    probe("sleep", asyncio.sleep(0))
    probe("future", asyncio.get_running_loop().create_future())
    q = asyncio.Queue()
    probe("queue.get", q.get())
    await t
    for name in dir(asyncio):
        v = getattr(asyncio, name)
        if type(v).__name__ == "module":
            bad.append(("module attr", name))
        probe(name, v)
    for name, call in [("to_thread", lambda: asyncio.to_thread(print)),
                       ("create_subprocess_exec", lambda: asyncio.create_subprocess_exec("ls")),
                       ("open_connection", lambda: asyncio.open_connection("h", 1)),
                       ("start_server", lambda: asyncio.start_server(print)),
                       ("run_in_executor", lambda: asyncio.get_running_loop().run_in_executor(None, print))]:
        try:
            call()
            bad.append(("no error", name))
        except NotImplementedError as e:
            if name not in str(e):
                bad.append(("message", name, str(e)))
    print("bad:", bad)
    if not bad:
        print("asyncio surface ok")


asyncio.run(main())
