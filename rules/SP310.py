# Rule test for SP310 (__dict__, cpython profile).
# ruleid: SP310
d = obj.__dict__
# ruleid: SP310
g = random.__dict__["_os"]
# ok: SP310
d = obj.dict
# ok: SP310
x = {"__dict__": 1}
