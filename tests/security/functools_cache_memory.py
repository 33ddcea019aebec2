# args: --allow-module functools,operator --max-memory 64M --timeout 20
# expect: exit=3 stderr="memory limit" seconds=30
# An unbounded cache that keeps every result (100 kB each): the session's
# memory limit stops the run (never the machine), whatever holds the memory.
import functools

@functools.cache
def big(n):
    return "x" * 100000 + str(n)

for i in range(10 ** 6):
    big(i)
print("not reached")
