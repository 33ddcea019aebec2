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
# An f-string or a literal's .format() with a fixed public prefix names
# only ordinary attributes, whatever its run-time part.
# ok: SP305
method = getattr(self, f"visit_{type(node).__name__}", None)
# ok: SP305
setattr(obj, "op_{}".format(op), fn)
# ok: SP305
hasattr(obj, "handle_{kind}".format_map(d))
# A prefix a dangerous name starts with (gi_frame, f_globals, code), a
# private one, or text cut short by an escape or a brace is no proof.
# ruleid: SP305
getattr(g, f"gi_{part}")
# ruleid: SP305
getattr(frame, f"f_{x}")
# ruleid: SP305
getattr(random, f"co{x}")
# ruleid: SP305
getattr(x, f"_{n}")
# ruleid: SP305
getattr(x, f"{n}_visit")
# ruleid: SP305
getattr(x, f"\x5f_{n}")
# ruleid: SP305
getattr(x, f"{{gi_{n}")
# ruleid: SP305
getattr(x, "_{}".format(n))
# ruleid: SP305
getattr(x, "visit_{}".format(n).lower())
# ruleid: SP305
getattr(x, "gI_{}".format(n).lower())
# ruleid: SP305
getattr(x, "visit_" f"{n}")
# ruleid: SP305
getattr(x, "visit_%s" % n)
# ruleid: SP305
getattr(x, b"visit_{}".format(n))
# ruleid: SP305
getattr(x, fmt.format(n))
# ruleid: SP305
getattr(x, "visit_{}".upper(n))
