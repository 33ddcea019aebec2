# Rule test for SP305 (computed attribute names).
# ruleid: SP305
v = getattr(obj, name)
# ruleid: SP305
handler = getattr(self, "on_" + event)
# ruleid: SP305
setattr(obj, key, value)
# ruleid: SP305
hasattr(x, f"__{n}__")
# ruleid: SP305
delattr(obj, names[0])
# ruleid: SP305
getattr(x, "__cla" "ss__" if y else z)
# ok: SP305
v = getattr(obj, "size", 0)
# ok: SP305
setattr(obj, "count", 1)
# ok: SP305
ok = hasattr(obj, 'items')
# ruleid: SP305
getattr(obj, "__glob" "als__")
# ruleid: SP305
getattr(f, "__glob\x61ls__")
# ok: SP305
getattr(obj, 5)
# ok: SP305
setattr(obj, None, 1)
