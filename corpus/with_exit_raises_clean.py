# __exit__ raising after a body that finished normally: the frame line is the with statement.
class M:
    def __enter__(self): return self
    def __exit__(self, *a):
        raise KeyError("x")
with M():
    y = 1
    z = 2
