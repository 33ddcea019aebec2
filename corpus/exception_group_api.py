# ExceptionGroup / BaseExceptionGroup (PEP 654, 3.11): construction and its
# errors, message/exceptions, str and repr, derive/subgroup/split over
# nested groups, subclasses, and catching groups with plain except clauses
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
g = ExceptionGroup("outer", [err, TypeError("t"), ExceptionGroup("nested", [kerr, LookupError("nf")])])
g.add_note("a note")
print(repr(g), str(g))
print(g.message, g.exceptions, g.args[0])
m, r = g.split(ValueError)
print(repr(m), repr(r))
print(m.__notes__, m.__traceback__ is g.__traceback__, m.__cause__, m.__suppress_context__)
print(repr(g.subgroup(lambda e: isinstance(e, (KeyError, TypeError)))))
print(g.split(Exception)[1], g.subgroup(ZeroDivisionError), g.subgroup(BaseException) is g)
print(repr(g.split((KeyError, TypeError))))
for bad in [lambda: ExceptionGroup("m", []), lambda: ExceptionGroup("m", 5), lambda: ExceptionGroup(5, [ValueError()]),
            lambda: ExceptionGroup("m", [1]), lambda: ExceptionGroup("m", [KeyboardInterrupt()]),
            lambda: ExceptionGroup("m"), lambda: g.split(5), lambda: g.subgroup((ValueError, 3)),
            lambda: ExceptionGroup("m", [ValueError()], x=1)]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
b = BaseExceptionGroup("b", [ValueError(1)])
print(type(b).__name__, isinstance(b, Exception), isinstance(g, BaseExceptionGroup),
      issubclass(ExceptionGroup, BaseExceptionGroup), issubclass(ExceptionGroup, Exception))
b2 = BaseExceptionGroup("b", (KeyboardInterrupt(), ValueError(2)))
print(type(b2).__name__, isinstance(b2, Exception), repr(b2), len(b2.exceptions))
print(repr(b2.derive([ValueError(3)])), repr(b2.subgroup(ValueError)))

class Batch(ExceptionGroup):
    def derive(self, excs):
        return Batch(self.message + "*", excs)
bg = Batch("jobs", [ValueError("a"), TypeError("b"), ValueError("c")])
vm, vr = bg.split(ValueError)
print(type(vm).__name__, repr(vm), repr(vr), isinstance(bg, BaseExceptionGroup))

def run_all(jobs):
    errors = []
    for name, job in jobs:
        try:
            job()
        except Exception as e:
            e.add_note(f"in job {name}")
            errors.append(e)
    if errors:
        raise ExceptionGroup("some jobs failed", errors)

try:
    run_all([("div", lambda: 1 / 0), ("ok", lambda: None), ("idx", lambda: [][1])])
except ExceptionGroup as eg:
    for e in eg.exceptions:
        print(type(e).__name__, e, e.__notes__)
    zero, others = eg.split(ZeroDivisionError)
    print(len(zero.exceptions), len(others.exceptions))
try:
    raise BaseExceptionGroup("stop", [SystemExit(3)])
except BaseExceptionGroup as e:
    print("caught", repr(e), e.exceptions[0].code)
