import time

for name in ["time", "monotonic", "perf_counter", "process_time", "thread_time"]:
    f = getattr(time, name)  # safepy: ignore[SP305]
    print(name, type(f()).__name__)
for name in ["time_ns", "monotonic_ns", "perf_counter_ns", "process_time_ns", "thread_time_ns"]:
    f = getattr(time, name)  # safepy: ignore[SP305]
    print(name, type(f()).__name__)

print(time.time() > 1.6e9, time.time_ns() > 1.6e18)
print(abs(time.time() - time.time_ns() / 1e9) < 5)

prev = time.monotonic()
prev_ns = time.monotonic_ns()
ok = True
for i in range(1000):
    now = time.monotonic()
    now_ns = time.monotonic_ns()
    if now < prev or now_ns < prev_ns:
        ok = False
    prev, prev_ns = now, now_ns
print("monotonic non-decreasing", ok)

t0 = time.perf_counter()
t0n = time.perf_counter_ns()
total = 0
for i in range(20000):
    total += i * i
t1 = time.perf_counter()
t1n = time.perf_counter_ns()
print(total, t1 - t0 >= 0, t1n - t0n >= 0)

p0 = time.process_time()
for i in range(20000):
    total -= i
print(time.process_time() - p0 >= 0, time.thread_time() >= 0)

s0 = time.monotonic()
print(time.sleep(0.01))
print(time.sleep(0))
print(time.sleep(0.0), time.sleep(False))
print(time.monotonic() - s0 >= 0.0099)

t = time.localtime()
print(type(t[0]).__name__, len(t), 1 <= t[1] <= 12, t[0] >= 2024)
print(len(time.gmtime()), len(time.gmtime(None)), len(time.localtime(None)))
print(type(time.ctime()).__name__, len(time.ctime()), len(time.asctime()))
print(len(time.strftime("%Y-%m-%d")), time.strftime("%Y") >= "2024")
print(time.ctime(None) == time.ctime() or True)
