import queue
import random

rng = random.Random(42)
events = queue.PriorityQueue()
line = queue.Queue()
TELLERS = 2
free_tellers = TELLERS
seq = 0

def schedule(t, kind, who):
    global seq
    seq += 1
    events.put((round(t, 3), seq, kind, who))

t = 0.0
for cid in range(1, 13):
    t += rng.expovariate(1 / 2.0)
    schedule(t, "arrive", cid)

waits = {}
arrived_at = {}
served = []
log = []
while not events.empty():
    now, _, kind, cid = events.get()
    if kind == "arrive":
        arrived_at[cid] = now
        if free_tellers:
            free_tellers -= 1
            waits[cid] = 0.0
            schedule(now + rng.uniform(1.5, 4.5), "leave", cid)
            log.append("%7.3f  #%-2d arrives, served at once" % (now, cid))
        else:
            line.put(cid)
            log.append("%7.3f  #%-2d arrives, waits (line %d)" % (now, cid, line.qsize()))
    else:
        served.append(cid)
        log.append("%7.3f  #%-2d leaves" % (now, cid))
        try:
            nxt = line.get_nowait()
        except queue.Empty:
            free_tellers += 1
        else:
            waits[nxt] = round(now - arrived_at[nxt], 3)
            schedule(now + rng.uniform(1.5, 4.5), "leave", nxt)
            line.task_done()

print("\n".join(log))
print("served order:", served)
print("waits:", {k: waits[k] for k in sorted(waits)})
total = sum(waits.values())
print("average wait %.3f, longest %.3f, waited: %d of %d" % (
    total / len(waits), max(waits.values()), sum(1 for w in waits.values() if w > 0), len(waits)))
print("line empty:", line.empty(), "unfinished:", line.unfinished_tasks, "free:", free_tellers)
