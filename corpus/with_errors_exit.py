# An exception raised inside __exit__ replaces the body's exception (which
# becomes its __context__); an exception in __enter__ skips __exit__.
class BadExit:
    def __enter__(self):
        return self
    def __exit__(self, et, ev, tb):
        raise RuntimeError(f"exit failed while handling {et.__name__ if et else None}")

try:
    with BadExit():
        raise ValueError("body error")
except RuntimeError as e:
    print("caught:", e)
    print("context:", repr(e.__context__))

try:
    with BadExit():
        pass
except RuntimeError as e:
    print("caught:", e, "| context:", e.__context__)

class BadEnter:
    def __enter__(self):
        raise PermissionError("no entry")
    def __exit__(self, *a):
        print("exit should not run")

try:
    with BadEnter() as x:
        print("body should not run")
except PermissionError as e:
    print("PermissionError:", e)

class NotCM:
    pass
try:
    with NotCM():
        pass
except (TypeError, AttributeError) as e:
    print(type(e).__name__ + ":", e)
