# difflib's generator functions run their body at the first next(), as
# CPython's generators: the call binds the arguments (a TypeError then), the
# body's own errors (restore's choice, unified_diff's types) come at next().
import difflib
for name, f in [("restore", lambda: difflib.restore(["- a"], 3)),
                ("unified", lambda: difflib.unified_diff(1, 2)),
                ("context", lambda: difflib.context_diff(["a"], [b"b"])),
                ("ndiff", lambda: difflib.ndiff(None, ["x"])),
                ("compare", lambda: difflib.Differ().compare(5, ["a"])),
                ("bytes", lambda: difflib.diff_bytes(difflib.unified_diff, ["a"], [b"b"])),
                ("grouped", lambda: difflib.SequenceMatcher(None, "abc", "abd").get_grouped_opcodes("x"))]:
    g = f()
    print(name, "made", type(g).__name__, repr(g).split(" at ")[0])
    try:
        print(next(g))
    except Exception as e:
        print(name, type(e).__name__, e)
    print(list(g))
try:
    difflib.restore()
except TypeError as e:
    print(e)
try:
    difflib.unified_diff(["a"])
except TypeError as e:
    print(e)
g = difflib.ndiff(["a\n", "b\n"], ["a\n", "c\n"])
print(next(g), list(g), list(g))
# the body calling next() of its own generator: CPython's "already executing"
def lj(line):
    try:
        next(gen)
    except ValueError as e:
        print("inner", type(e).__name__, e)
    return False
gen = difflib.ndiff(["a\n", "b\n"], ["a\n", "c\n"], linejunk=lj)
print("outer", next(gen))
# the body's error finishes the generator
gen = difflib.restore(["- a"], 0)
for _ in range(2):
    try:
        print(next(gen))
    except Exception as e:
        print(type(e).__name__, e)
