# An uncaught exception group prints as CPython 3.11 draws it: nested
# boxes, chained exceptions inside them, notes, more than 15 members and
# more than 10 levels of nesting, and the group's own context
def f():
    raise ValueError("inner")
try:
    f()
except ValueError as v:
    err = v
try:
    try:
        1 / 0
    except ZeroDivisionError as z:
        raise KeyError("k") from z
except KeyError as k:
    kerr = k

deep = ValueError("bottom")
for level in range(12):
    deep = ExceptionGroup(f"level {level}", [deep])
try:
    raise ExceptionGroup("deep", [deep, TypeError("side")])
except ExceptionGroup as d:
    deep_err = d

def boom():
    raise ExceptionGroup("outer", [err, TypeError("t"), ExceptionGroup("nested", [kerr, LookupError("nf")]), deep_err])
try:
    boom()
except ExceptionGroup as g:
    g.add_note("a note")
    try:
        undefined_name_here
    except NameError as r:
        raise ExceptionGroup("final", [r] + [ValueError(i) for i in range(16)])
