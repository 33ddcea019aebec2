# Rule test for SP302 (getattr family with dunder names).
# ruleid: SP302
c = getattr(x, "__class__")
# ruleid: SP302
setattr(obj, '__dict__', {})
# ruleid: SP302
delattr(obj, "__init__")
# ruleid: SP302
ok = hasattr(f, "__globals__")
# ok: SP302
v = getattr(obj, "name")
# ok: SP302
v = getattr(obj, "_private", None)
# ok: SP302
setattr(obj, attr_name, 1)
# ok: SP302
fmt("__class__")
