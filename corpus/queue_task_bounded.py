import queue

buf = queue.Queue(maxsize=3)
print("maxsize", buf.maxsize, "empty", buf.empty(), "full", buf.full())

accepted, rejected = [], []
for event in ["click", "scroll", "key", "resize", "focus"]:
    try:
        buf.put_nowait(event)
        accepted.append(event)
    except queue.Full as e:
        rejected.append(event)
        print("drop", event, "->", type(e).__name__, repr(str(e)))
print("accepted", accepted, "rejected", rejected)
print("qsize", buf.qsize(), "full", buf.full())

try:
    buf.put("overflow", block=False)
except queue.Full as e:
    print("put(block=False):", type(e).__name__, e)

drained = []
while True:
    try:
        drained.append(buf.get_nowait())
    except queue.Empty as e:
        print("drained, got", type(e).__name__, repr(str(e)))
        break
print(drained, buf.qsize(), buf.empty(), buf.full())

try:
    buf.get(block=False)
except queue.Empty as e:
    print("get(block=False):", type(e).__name__, e)

# rate limiter: keep only the most recent N readings
recent = queue.Queue(maxsize=4)
for reading in [12, 15, 11, 19, 22, 8, 30]:
    if recent.full():
        old = recent.get_nowait()
        print(f"evict {old}")
    recent.put_nowait(reading)
    snapshot = list(recent.queue)
    print(f"add {reading:>2} window={snapshot} avg={sum(snapshot) / len(snapshot):.2f}")

unbounded = queue.Queue(maxsize=0)
for i in range(100):
    unbounded.put_nowait(i)
print("unbounded", unbounded.qsize(), unbounded.full())
neg = queue.Queue(maxsize=-1)
neg.put_nowait(1)
print("negative maxsize full?", neg.full(), neg.maxsize)
print(issubclass(queue.Full, Exception), issubclass(queue.Empty, Exception))
