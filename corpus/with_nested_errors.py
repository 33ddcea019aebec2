# Nested with statements where both the inner body and the outer __exit__
# see errors: the outer manager sees the inner manager's replacement error,
# whose __context__ is the original.
class Wrap:
    def __init__(self, name, replace=None):
        self.name, self.replace = name, replace
    def __enter__(self):
        return self
    def __exit__(self, et, ev, tb):
        print(f"{self.name} exit sees {et.__name__ if et else None}: {ev}")
        if et and self.replace:
            raise self.replace(f"{self.name} replaced {et.__name__}")
        return False

try:
    with Wrap("outer"):
        with Wrap("inner", replace=RuntimeError):
            raise ValueError("original")
except RuntimeError as e:
    print("final:", repr(e), "context:", repr(e.__context__))

try:
    with Wrap("a", replace=LookupError), Wrap("b", replace=TypeError):
        {}["k"]
except LookupError as e:
    chain = []
    while e:
        chain.append(type(e).__name__)
        e = e.__context__
    print(" <- ".join(chain))
