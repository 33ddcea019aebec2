# __exit__ inspecting the exception: logging its type, message and args,
# converting one exception type into another, and chaining.
class Convert:
    def __init__(self, mapping):
        self.mapping = mapping
        self.seen = []
    def __enter__(self):
        return self
    def __exit__(self, et, ev, tb):
        if et is None:
            self.seen.append("ok")
            return False
        self.seen.append(f"{et.__name__}{ev.args}")
        for src, dst in self.mapping.items():
            if issubclass(et, src):
                raise dst(f"converted: {ev}") from ev
        return False

conv = Convert({KeyError: LookupError, ZeroDivisionError: ArithmeticError})
for action in (lambda: {}["k"], lambda: 1 % 0, lambda: int("x"), lambda: None):
    try:
        with conv:
            action()
    except Exception as e:
        cause = e.__cause__
        print(type(e).__name__, e, "| cause:", type(cause).__name__ if cause else None)
print(conv.seen)
