# A class used as a decorator (instances with __call__), keeping state per
# decorated function; a class-based decorator with arguments.
class CountCalls:
    def __init__(self, fn):
        self.fn = fn
        self.count = 0
    def __call__(self, *args, **kwargs):
        self.count += 1
        return self.fn(*args, **kwargs)

@CountCalls
def hello(name):
    return "hi " + name

print(hello("a"), hello("b"), hello.count)
print(type(hello).__name__, hello.fn.__name__)

class Retry:
    def __init__(self, times):
        self.times = times
    def __call__(self, fn):
        def wrapper(*args):
            last = None
            for attempt in range(1, self.times + 1):
                try:
                    return fn(attempt, *args)
                except ValueError as e:
                    print(f"  attempt {attempt} failed: {e}")
                    last = e
            raise RuntimeError(f"gave up after {self.times} attempts") from last
        return wrapper

@Retry(3)
def flaky(attempt, goal):
    if attempt < goal:
        raise ValueError(f"not yet ({attempt}<{goal})")
    return f"ok on attempt {attempt}"

print(flaky(2))
try:
    flaky(5)
except RuntimeError as e:
    print("RuntimeError:", e, "| cause:", e.__cause__)
