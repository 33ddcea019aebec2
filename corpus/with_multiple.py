# Several context managers in one with statement: entered left to right,
# exited right to left, and the exits when a later __enter__ fails.
class CM:
    def __init__(self, name, fail_enter=False):
        self.name = name
        self.fail_enter = fail_enter
    def __enter__(self):
        if self.fail_enter:
            print(f"enter {self.name} fails")
            raise OSError(f"cannot open {self.name}")
        print(f"enter {self.name}")
        return self.name
    def __exit__(self, et, ev, tb):
        print(f"exit {self.name}", et.__name__ if et else None)
        return False

with CM("a") as a, CM("b") as b, CM("c") as c:
    print("body", a, b, c)

try:
    with CM("x"), CM("y", fail_enter=True), CM("z"):
        print("never")
except OSError as e:
    print("OSError:", e)

try:
    with CM("p") as p, CM("q") as q:
        raise KeyError(p + q)
except KeyError as e:
    print("KeyError:", e)

with CM("outer"):
    with CM("inner") as i:
        print("nested body", i)
