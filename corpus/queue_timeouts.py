import queue

q = queue.Queue(maxsize=2)
q.put(1, timeout=0.01)
q.put(2, block=True, timeout=0.02)
print(q.qsize(), q.full(), q.empty())
for label, call in [
    ("put block=False", lambda: q.put(3, block=False)),
    ("put timeout=0.01", lambda: q.put(3, timeout=0.01)),
    ("put timeout=0", lambda: q.put(3, True, 0)),
    ("put_nowait", lambda: q.put_nowait(3)),
]:
    try:
        call()
    except queue.Full as e:
        print(label, "->", type(e).__name__, repr(e), e.args)
print(q.get(timeout=0.5), q.get(False))
for label, call in [
    ("get block=False", lambda: q.get(block=False)),
    ("get timeout=0.01", lambda: q.get(timeout=0.01)),
    ("get timeout=0", lambda: q.get(True, 0)),
    ("get_nowait", lambda: q.get_nowait()),
]:
    try:
        call()
    except queue.Empty as e:
        print(label, "->", type(e).__name__, repr(e), e.args)
for bad in (-1, -0.5):
    try:
        q.get(timeout=bad)
    except ValueError as e:
        print("ValueError:", e)
    try:
        q.put(0, timeout=bad)
        print("put with", bad, "ok: queue not full")
    except ValueError as e:
        print("ValueError:", e)
# block=False ignores the timeout entirely
try:
    q.get(False, -5)
except queue.Empty:
    print("Empty with block=False and a negative timeout")
q.put("last")
print(q.qsize(), q.get_nowait(), q.qsize())
print(issubclass(queue.Empty, Exception), issubclass(queue.Full, Exception))
print(queue.Empty.__name__, queue.Full.__name__, queue.Empty.__module__, queue.Full.__module__)
