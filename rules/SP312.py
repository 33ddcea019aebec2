# Rule test for SP312 (the getattr family as a value).
# ruleid: SP312
g = getattr
# ruleid: SP312
names = list(map(getattr, objs, fields))
# ruleid: SP312
check = hasattr
# ok: SP312
v = getattr(obj, "size")
# ok: SP312
obj.getattr("x")
# ok: SP312
f(getattr=1)
# ok: SP312
def setattr(self, k, v):
    pass
