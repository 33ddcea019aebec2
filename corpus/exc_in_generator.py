# Exceptions and generators: an exception raised inside propagates to the
# consumer, finally blocks run on close(), and throw() delivers an exception
# at the paused yield.
def reader(lines):
    try:
        for i, line in enumerate(lines):
            if not line:
                raise ValueError(f"empty line {i}")
            yield line.upper()
    finally:
        print("  reader cleanup")

try:
    for x in reader(["a", "b", "", "d"]):
        print(x)
except ValueError as e:
    print("ValueError:", e)

g = reader(["x", "y", "z"])
print(next(g))
g.close()
print("closed")

def worker():
    while True:
        try:
            job = yield
            print("  job", job)
        except KeyError as e:
            print("  recovered from", repr(e))
            yield "recovered"

w = worker()
next(w)
w.send(1)
print(w.throw(KeyError("k")))
next(w)
w.send(2)
try:
    w.throw(RuntimeError("fatal"))
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    next(w)
except StopIteration:
    print("generator finished")
