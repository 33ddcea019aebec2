# an error while evaluating an except clause's class chains to the exception
# being matched and still runs finally; a finally block does not move the
# traceback line of the exception that passes through it
def f():
    try:
        raise ValueError
    except NonExistingError:
        pass
    finally:
        print("finally")
        return 0

print(f())

def g():
    try:
        raise KeyError("k")
    except (KeyError, 5):
        pass

try:
    g()
except TypeError as e:
    print(type(e).__name__, e, repr(e.__context__))

def h():
    try:
        raise ValueError
    except ValueError:
        x = 1 / 0
    finally:
        print("h finally")
        y = 2

try:
    h()
except ZeroDivisionError as e:
    print(repr(e), repr(e.__context__))

def k():
    try:
        raise ValueError("inner")
    except Missing:
        pass

k()
