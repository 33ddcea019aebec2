# Implicit chaining: an exception raised while handling another gets it as
# __context__; a bare raise re-raises the one being handled.
def cleanup():
    raise OSError("disk gone")

try:
    try:
        1 / 0
    except ZeroDivisionError:
        cleanup()
except OSError as e:
    print(type(e).__name__, e)
    print("context:", type(e.__context__).__name__, e.__context__)
    print("cause:", e.__cause__, "suppress:", e.__suppress_context__)

def reraise():
    try:
        [][1]
    except IndexError as e:
        print("handling", e)
        raise

try:
    reraise()
except IndexError as e:
    print("re-raised:", e, e.__context__)

try:
    try:
        raise ValueError("first")
    finally:
        print("finally runs")
except ValueError as e:
    print("after finally:", e)

try:
    try:
        raise KeyError("a")
    except KeyError as e:
        raise e
except KeyError as e:
    print("same object context:", e.__context__)

def chain3():
    try:
        try:
            raise ValueError(1)
        except ValueError:
            raise TypeError(2)
    except TypeError:
        raise KeyError(3)
try:
    chain3()
except KeyError as e:
    c = e
    names = []
    while c is not None:
        names.append(f"{type(c).__name__}({c.args[0]})")
        c = c.__context__
    print(" <- ".join(names))
