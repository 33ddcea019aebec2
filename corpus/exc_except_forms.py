# except with tuples, the `as` name being deleted after the handler, catching
# BaseException subclasses, and exceptions as values.
def classify(fn):
    try:
        fn()
    except (ZeroDivisionError, OverflowError) as e:
        return "arith: " + type(e).__name__
    except (KeyError, IndexError) as e:
        return "lookup: " + repr(e)
    except Exception as e:
        return "other: " + type(e).__name__
    return "none"

print(classify(lambda: 1 / 0))
print(classify(lambda: [][0]))
print(classify(lambda: {}["k"]))
print(classify(lambda: int("q")))
print(classify(lambda: None))

try:
    raise ValueError("gone")
except ValueError as err:
    pass
try:
    err
except NameError as e:
    print("NameError:", e)

errors = [ValueError, TypeError, KeyError]
for cls in errors:
    try:
        raise cls("made")
    except tuple(errors[1:]) as e:
        print("second or third:", repr(e))
    except errors[0] as e:
        print("first:", repr(e))

try:
    raise SystemExit(3)
except SystemExit as e:
    print("SystemExit args", e.args)
try:
    raise KeyboardInterrupt
except Exception:
    print("not here")
except BaseException as e:
    print("BaseException caught", type(e).__name__)
print(issubclass(KeyboardInterrupt, Exception), issubclass(GeneratorExit, BaseException))
try:
    raise 42
except TypeError as e:
    print("TypeError:", e)
try:
    try:
        pass
    except 5:
        pass
    print("no exception, handler never checked")
except TypeError as e:
    print("TypeError:", e)
