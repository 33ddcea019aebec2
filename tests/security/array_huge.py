# args: --allow-module array --max-memory 64M
# expect: exit=3 stderr="memory" stdout="small ok" seconds=20
# An array repeated or extended past the session's memory stops at the
# memory limit; a size no process can map is CPython's MemoryError.
from array import array

a = array('d', [1.0]) * 1000
assert len(a) == 1000
try:
    array('q', [0]) * (2 ** 60)
except MemoryError:
    pass
print('small ok')
b = array('d', [0.0]) * (10 ** 9)
print('not reached', len(b))
