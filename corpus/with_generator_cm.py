# A context manager class that wraps a generator by hand (no contextlib):
# setup before the yield, teardown after, exceptions thrown into it.
class GenCM:
    def __init__(self, gen_fn, *args):
        self.gen = gen_fn(*args)
    def __enter__(self):
        return next(self.gen)
    def __exit__(self, et, ev, tb):
        if et is None:
            try:
                next(self.gen)
            except StopIteration:
                return False
            raise RuntimeError("generator didn't stop")
        try:
            self.gen.throw(ev)
        except StopIteration:
            return True
        except BaseException as e:
            if e is ev:
                return False
            raise
        raise RuntimeError("generator didn't stop after throw()")

def tag(name):
    print(f"<{name}>")
    try:
        yield name.upper()
    except KeyError as e:
        print(f"  tag {name} handled {e!r}")
    finally:
        print(f"</{name}>")

with GenCM(tag, "b") as t:
    print("inside", t)
with GenCM(tag, "i"):
    raise KeyError("k")
print("KeyError was handled by the generator")
try:
    with GenCM(tag, "p"):
        raise ValueError("v")
except ValueError as e:
    print("ValueError propagated:", e)
