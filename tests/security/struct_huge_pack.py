# args: --allow-module struct --max-memory 64M
# expect: exit=3 stderr="memory" stdout="counts ok" seconds=20
# Huge repeat counts in struct formats end as CPython's do: a size past
# 64 bits is struct.error before anything is allocated, a size no process
# can map is MemoryError, and a pack that fits the address space but not
# the session stops at the memory limit, never a crash.
import struct

for fmt in ['99999999999999999999i', '9223372036854775807q', '1' * 60 + 'x', '4611686018427387904d']:
    try:
        struct.calcsize(fmt)
    except struct.error as e:
        assert str(e) == 'total struct size too long', e
for fmt in ['200000000000000x', '300000000000000s']:
    try:
        struct.pack(fmt) if fmt.endswith('x') else struct.pack(fmt, b'a')
    except MemoryError:
        pass
try:
    struct.unpack('1000000000000000B', b'')
except struct.error as e:
    assert 'unpack requires a buffer' in str(e)
print('counts ok')
struct.pack('1000000000x')
print('not reached')
