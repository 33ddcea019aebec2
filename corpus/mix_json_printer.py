# A pretty printer for nested data written as a class with a dispatch table
# of methods, indentation state, a cycle guard raising a custom error, and a
# to_json() hook honoured on user objects.
class CycleError(ValueError):
    pass

class Pretty:
    def __init__(self, indent=2):
        self.indent = indent
        self.active = []

    def dump(self, obj, level=0):
        for kind, method in ((bool, self.scalar), (type(None), self.scalar), (int, self.scalar),
                             (float, self.scalar), (str, self.string), (dict, self.mapping),
                             (list, self.sequence), (tuple, self.sequence)):
            if isinstance(obj, kind):
                return method(obj, level)
        hook = getattr(obj, "to_json", None)
        if hook is None:
            raise TypeError(f"cannot serialise {type(obj).__name__}")
        return self.dump(hook(), level)

    def scalar(self, obj, level):
        if obj is None:
            return "null"
        if isinstance(obj, bool):
            return "true" if obj else "false"
        return repr(obj)

    def string(self, s, level):
        return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'

    def guard(self, obj):
        if any(obj is a for a in self.active):
            raise CycleError(f"cycle detected in {type(obj).__name__}")

    def container(self, items, level, open_, close):
        if not items:
            return open_ + close
        pad = " " * (self.indent * (level + 1))
        return open_ + "\n" + ",\n".join(pad + i for i in items) + "\n" + " " * (self.indent * level) + close

    def mapping(self, d, level):
        self.guard(d)
        self.active.append(d)
        try:
            items = [f"{self.string(str(k), level)}: {self.dump(v, level + 1)}" for k, v in d.items()]
        finally:
            self.active.pop()
        return self.container(items, level, "{", "}")

    def sequence(self, seq, level):
        self.guard(seq)
        self.active.append(seq)
        try:
            items = [self.dump(v, level + 1) for v in seq]
        finally:
            self.active.pop()
        return self.container(items, level, "[", "]")

class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y
    def to_json(self):
        return {"x": self.x, "y": self.y}

print(Pretty().dump({"name": 'say "hi"', "ok": True, "none": None, "n": [1, 2.5, (3,)],
                     "empty": {}, "pts": [Point(1, 2)]}))
loop = [1]
loop.append({"back": loop})
for bad in (loop, {1: object()}):
    try:
        Pretty().dump(bad)
    except (CycleError, TypeError) as e:
        print(type(e).__name__ + ":", e)
