import queue

buf = queue.Queue(maxsize=3)
for i in range(3):
    buf.put_nowait(i)
    print("queued", i, "size", buf.qsize(), "full", buf.full())
buf.put_nowait(3)
print("not reached")
