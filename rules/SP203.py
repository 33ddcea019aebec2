# Rule test for SP203 (introspection).
# ruleid: SP203
g = globals()
# ruleid: SP203
l = locals()
# ok: SP203
v = vars(obj)
# ruleid: SP203
mv = memoryview(b"abc")
# ruleid: SP203
b = __builtins__
# ruleid: SP203
s = __spec__
# ruleid: SP203
ld = __loader__
# ok: SP203
if __name__ == "__main__":
    pass
# ok: SP203
config.globals = 1
# ok: SP203
local_values = {}
# ruleid: SP203
loc = vars()


def collect(globals, *vars):
    # ok: SP203
    return globals, vars()


# ok: SP203
memoryview = bytes
# ok: SP203
view = memoryview(b"abc")
