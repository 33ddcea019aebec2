# Rule test for SP310 (__dict__, cpython profile).
# ruleid: SP310
d = obj.__dict__
# ruleid: SP310
g = random.__dict__["_os"]
# ok: SP310
d = obj.dict
# ok: SP310
x = {"__dict__": 1}
# ruleid: SP310
s = type.__dict__['__subclasses__']
# ruleid: SP310
items = list(P.__dict__.items())
# ruleid: SP310
d, b.__dict__ = b.__dict__, {}
# ok: SP310
a.__dict__ = {"x": 1, "y": 2}
