# Rule test for SP301 (internal attributes).
# ok: SP301
cls = x.__class__
# ruleid: SP301
chain = x.__class__.__bases__
# ruleid: SP301
subs = object.__subclasses__()
# ruleid: SP301
mro = int.__mro__
# ruleid: SP301
bases = C.__bases__
# ruleid: SP301
g = f.__globals__
# ok: SP301
d = obj.__dict__
# ruleid: SP301
c = f.__code__
# ruleid: SP301
frame = gen.gi_frame
# ruleid: SP301
up = frame.f_back
# ruleid: SP301
tb = err.__traceback__.tb_frame
# ruleid: SP301
fn = m.__func__
# ruleid: SP301
r = obj.__reduce_ex__(2)
# ruleid: SP301
v = obj.__getattribute__("x")
# ruleid: SP301
b = mod.__builtins__
# ruleid: SP301
k = x.__ｍｒｏ__


class Point:
    # ok: SP301
    def __init__(self, x):
        # ok: SP301
        super().__init__()
        # ok: SP301
        self.__x = x

    # ok: SP301
    def __repr__(self):
        return f"Point({self.__x})"

    # ok: SP301
    def __eq__(self, other):
        return self.__x == other.__x


# ok: SP301
n = items.__len__()
# ok: SP301
name = Point.__name__
# ok: SP301
text = "__class__"
