# args: --allow-module copy
# expect: exit=1 stderr="RecursionError" seconds=20
# A list nested 50,000 deep: deepcopy ends in RecursionError at the depth
# limit (two levels per nesting, as copy.py's frames), never a C stack overflow.
import copy
x = []
for _ in range(50000):
    x = [x]
copy.deepcopy(x)
