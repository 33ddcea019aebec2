# A validation framework: validator classes combined with & and |, a
# decorator that validates keyword arguments, and an error collecting
# several problems with notes.
class Invalid(ValueError):
    def __init__(self, problems):
        super().__init__(f"{len(problems)} problem(s)")
        self.problems = problems

class V:
    def __init__(self, test, message):
        self.test, self.message = test, message
    def check(self, value):
        return [] if self.test(value) else [self.message.format(value=value)]  # safepy: ignore[SP307]
    def __and__(self, other):
        return All(self, other)
    def __or__(self, other):
        return Any(self, other)

class All(V):
    def __init__(self, *parts):
        self.parts = parts
    def check(self, value):
        out = []
        for p in self.parts:
            out += p.check(value)
            if out:
                break
        return out

class Any(All):
    def check(self, value):
        problems = [p.check(value) for p in self.parts]
        return [] if any(not p for p in problems) else [" or ".join(m[0] for m in problems)]

is_int = V(lambda v: isinstance(v, int), "{value!r} is not an int")
positive = V(lambda v: v > 0, "{value} is not positive")
is_none = V(lambda v: v is None, "{value!r} is not None")
short = V(lambda v: isinstance(v, str) and len(v) <= 5, "{value!r} is longer than 5")

def validate(**rules):
    def deco(fn):
        def wrapper(**kwargs):
            problems = []
            for name, rule in rules.items():
                problems += [f"{name}: {m}" for m in rule.check(kwargs.get(name))]
            if problems:
                err = Invalid(problems)
                for p in problems:
                    err.add_note(p)
                raise err
            return fn(**kwargs)
        return wrapper
    return deco

@validate(qty=is_int & positive, note=is_none | short)
def order(qty, note=None):
    return f"ordered {qty}" + (f" ({note})" if note else "")

for kwargs in [dict(qty=3), dict(qty=2, note="rush"), dict(qty=-1), dict(qty="2", note="very long note"),
               dict(note=None)]:
    try:
        print(order(**kwargs))
    except Invalid as e:
        print(f"Invalid: {e}", e.problems)
        print("  notes:", e.__notes__)
    except TypeError as e:
        print("TypeError:", e)
