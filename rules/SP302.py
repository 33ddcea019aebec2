# Rule test for SP302 (getattr family with a literal name that reaches internals).
import random
import datetime as dt
# ruleid: SP302
setattr(obj, '__dict__', {})
# ruleid: SP302
ok = hasattr(f, "__globals__")
# ruleid: SP302
g = getattr(gen, "gi_frame")
# ruleid: SP302
getattr(random, "_os").system("id")
# ruleid: SP302
getattr(dt, "sys").modules
# ruleid: SP302
getattr(anything, "builtins")
# ruleid: SP302
getattr(x, "__subclasses__")()
# ruleid: SP302
getattr(random, "_inst", None)
# ok: SP302
c = getattr(x, "__class__")
# ok: SP302
delattr(obj, "__init__")
# ok: SP302
setattr(C, "__repr__", lambda self: "C")
# ok: SP302
print(hasattr(e, "__notes__"), getattr(f, "__name__", f))
# ok: SP302
v = getattr(obj, "name")
# ok: SP302
v = getattr(obj, "_private", None)
# ok: SP302
v = getattr(random, "__name__")
# ok: SP302
setattr(obj, attr_name, 1)
# ok: SP302
fmt("__class__")
