def risky(n):
    if n == 0:
        raise ValueError("zero")
    if n == 1:
        return 10 // (n - 1)
    if n == 2:
        return [1, 2][5]
    return {"a": 1}["b"]

for i in range(4):
    try:
        risky(i)
    except ValueError as e:
        print("value", e, e.args)
    except (ZeroDivisionError, IndexError) as e:
        print("arith/index", type(e), e)
    except Exception as e:
        print("other", repr(e))
    else:
        print("no error")
    finally:
        print("finally", i)

def f():
    try:
        return "try"
    finally:
        print("cleanup runs before return")
print(f())

def g():
    for i in range(3):
        try:
            if i == 1:
                continue
            print("body", i)
        finally:
            print("fin", i)
g()
try:
    try:
        1 / 0
    except ZeroDivisionError:
        print("caught, re-raising")
        raise
except ArithmeticError as e:
    print("outer", e)
try:
    raise KeyError("k")
except LookupError as e:
    print(type(e), e, repr(e))
try:
    assert 1 > 2, "math is broken"
except AssertionError as e:
    print("assert", e)
try:
    x = undefined_name
except NameError as e:
    print(e)
e = "kept"
try:
    pass
except Exception as e:
    pass
print(e)
raise RuntimeError("final")
