import time

def t(f, *a):
    try:
        print(repr(f(*a)))
    except (TypeError, ValueError, OverflowError) as e:
        print(type(e).__name__, e)

for v in [-1, -0.5, -1e-10, "x", None, float("nan"), 1e300, -1e300, 2**70, [1]]:
    t(time.sleep, v)
t(time.sleep)
t(time.sleep, 1, 2)

for f in (time.gmtime, time.localtime, time.ctime):
    for v in ["x", float("nan"), 1e20, -1e20, 2**70, -2**70, float("inf"), [0]]:
        t(f, v)
    t(f, 1, 2)

for f in (time.time, time.time_ns, time.monotonic, time.monotonic_ns, time.perf_counter,
          time.perf_counter_ns, time.process_time, time.process_time_ns, time.thread_time,
          time.thread_time_ns):
    t(f, 1)
    t(f, 1, 2, 3)

good = (2000, 1, 1, 0, 0, 0, 5, 1, 0)
bad_tuples = [
    [2000, 1, 1, 0, 0, 0, 5, 1, 0], (2000, 1, 1, 0, 0, 0, 5, 1), good + (0,), (), "abcdefghi",
    (2000.0, 1, 1, 0, 0, 0, 5, 1, 0), (2000, "1", 1, 0, 0, 0, 5, 1, 0),
    (2000, 1, 1, 0, 0, 0, 5, 1, None), (2**31, 1, 1, 0, 0, 0, 5, 1, 0),
    (-2**31 - 1, 1, 1, 0, 0, 0, 5, 1, 0), (-2**31, 1, 1, 0, 0, 0, 5, 1, 0),
    (2000, 2**70, 1, 0, 0, 0, 5, 1, 0), (2000, -2**70, 1, 0, 0, 0, 5, 1, 0),
    (2000, 13, 1, 0, 0, 0, 5, 1, 0), (2000, -1, 1, 0, 0, 0, 5, 1, 0),
    (2000, 1, 32, 0, 0, 0, 5, 1, 0), (2000, 1, -1, 0, 0, 0, 5, 1, 0),
    (2000, 1, 1, 24, 0, 0, 5, 1, 0), (2000, 1, 1, -1, 0, 0, 5, 1, 0),
    (2000, 1, 1, 0, 60, 0, 5, 1, 0), (2000, 1, 1, 0, -1, 0, 5, 1, 0),
    (2000, 1, 1, 0, 0, 62, 5, 1, 0), (2000, 1, 1, 0, 0, -1, 5, 1, 0),
    (2000, 1, 1, 0, 0, 0, -2, 1, 0), (2000, 1, 1, 0, 0, 0, -8, 1, 0),
    (2000, 1, 1, 0, 0, 0, 5, 367, 0), (2000, 1, 1, 0, 0, 0, 5, -1, 0),
]
for tup in bad_tuples:
    t(time.strftime, "%Y-%m-%d", tup)
    t(time.asctime, tup)
    t(time.mktime, tup)

t(time.strftime)
t(time.strftime, "%Y", good, 1)
t(time.strftime, 1, good)
t(time.strftime, None)
t(time.strftime, "a\0b", good)
t(time.asctime, good, 1)
t(time.mktime)
t(time.mktime, good, 1)
try:
    time.gmtime(secs=0)
except TypeError:
    print("TypeError keyword")
