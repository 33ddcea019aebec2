# expect: exit=1 stderr="__dict__" stdout="{'tag': 1}"
# a function's __dict__ holds only the attributes user code set on it (as in
# CPython: no globals, no code); a module's __dict__ (its namespace, private
# names included) is refused when the code runs (the sandbox profile leaves
# __dict__ to the evaluator)
def f():
    pass
f.tag = 1
print(f.__dict__)
import math
print(math.__dict__)
