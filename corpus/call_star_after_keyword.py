# Calls that pass *iterable after keyword arguments, as CPython allows,
# and the order in which the argument expressions are evaluated.
trace = []


def note(label, value):
    trace.append(label)
    return value


def build_record(name, kind, *tags, active=True, **extra):
    return {"name": name, "kind": kind, "tags": tags, "active": active, "extra": extra}


fields = ["widget", "tool"]
print(build_record(active=False, *fields))
print(build_record(*fields[:1], kind="gadget"))
print(build_record("a", active=note("kw", 0), *note("star", ["b", "t1", "t2"])))
print(trace)

trace.clear()
options = {"color": "red"}
rec = build_record(note("p", "n"), active=note("k1", 1), *note("s1", ["k"]), owner=note("k2", "me"),
                   *note("s2", ("x", "y")), **note("m", options))
print(rec)
print(trace)


def pair(x, y):
    return (x, y)


print(pair(y=2, *[1]))
try:
    pair(x=2, *[1])
except TypeError as e:
    print("TypeError:", e)
try:
    pair(y=3, *[1, 2])
except TypeError as e:
    print("TypeError:", e)
print(max(key=len, *["aa", "b", "cccc"]))
print(sorted(reverse=True, *[[3, 1, 2]]))
