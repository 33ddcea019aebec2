# Rule test for SP306 (dir()).
# ruleid: SP306
names = dir(obj)
# ruleid: SP306
for n in dir(random):
    pass
# ruleid: SP306
f = dir
# ok: SP306
d = {"a": 1}.keys()
# ok: SP306
path.dir = "x"
# ok: SP306
f(dir="up")
