# args: --allow-module io --max-memory 64M --timeout 10
# expect: exit=3 stderr="memory" stdout="1000000000000" seconds=15
# A seek a terabyte past the end is only a number; the write after it would
# need the padding, which the memory limit refuses before anything is
# allocated (never a crash, never an overcommitted terabyte).
import io
b = io.BytesIO()
print(b.seek(10 ** 12))
b.write(b"x")
print("unreachable")
