# A manager that suppresses only ValueError: a TypeError from the body
# escapes uncaught after __exit__ ran.
class OnlyValue:
    def __enter__(self):
        return self
    def __exit__(self, et, ev, tb):
        print("exit saw", et.__name__ if et else None)
        return et is not None and issubclass(et, ValueError)

with OnlyValue():
    int("x")
print("ValueError suppressed")
with OnlyValue():
    len(5)
print("not reached")
