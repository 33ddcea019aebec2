# What counts as suppression: __exit__ return values of various truthiness,
# including objects with __bool__.
class Verdict:
    def __init__(self, v):
        self.v = v
    def __bool__(self):
        print("  __bool__ asked")
        return self.v

class CM:
    def __init__(self, ret):
        self.ret = ret
    def __enter__(self):
        return self
    def __exit__(self, *exc):
        return self.ret

for ret in [None, False, 0, "", [], 1, "x", [0], Verdict(True), Verdict(False)]:
    label = type(ret).__name__ if isinstance(ret, Verdict) else repr(ret)
    try:
        with CM(ret):
            raise LookupError("e")
        print(label, "-> suppressed")
    except LookupError:
        print(label, "-> propagated")
