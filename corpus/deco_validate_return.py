# Decorators checking results: a return-type check raising TypeError with
# the function name, and a postcondition decorator taking a predicate.
def returns(kind):
    def deco(fn):
        def wrapper(*args, **kwargs):
            result = fn(*args, **kwargs)
            if not isinstance(result, kind):
                raise TypeError(f"{fn.__name__} returned {type(result).__name__}, expected {kind.__name__}")
            return result
        return wrapper
    return deco

def ensure(pred, message):
    def deco(fn):
        def wrapper(*args):
            result = fn(*args)
            if not pred(result):
                raise AssertionError(f"{fn.__name__}{args}: {message} (got {result!r})")
            return result
        return wrapper
    return deco

@returns(int)
def parse(s):
    return int(s) if s.isdigit() else s

@ensure(lambda r: r >= 0, "result must be non-negative")
@returns(float)
def sqrt_ish(x):
    return x ** 0.5 if x >= 0 else -1.0

print(parse("42"), sqrt_ish(16.0))
for call in (lambda: parse("abc"), lambda: sqrt_ish(-4), lambda: sqrt_ish(4)):
    try:
        print(call())
    except (TypeError, AssertionError) as e:
        print(type(e).__name__ + ":", e)
