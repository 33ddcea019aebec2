# Rule test for SP311 (vars, cpython profile).
# ruleid: SP311
v = vars(obj)
# ruleid: SP311
names = vars(random)
# ok: SP311
v = obj.vars
# ok: SP311
f(vars=1)
