# args: --allow-module io --max-memory 64M --timeout 10
# expect: exit=3 stderr="memory" stdout="1000000000000" stdout="overflow ok" seconds=15
# StringIO: a write at the largest position is CPython's OverflowError, one
# at a terabyte needs 4 TB of padding and stops at the memory limit.
import io
s = io.StringIO()
s.seek(2 ** 63 - 1)
try:
    s.write("x")
except OverflowError:
    print("overflow ok")
print(s.seek(10 ** 12))
s.write("x")
print("unreachable")
