# args: --allow-module contextlib --timeout 30
# expect: exit=1 stderr="RecursionError" seconds=40
# 20,000 ExitStacks each entered into the next: unwinding them nests one
# __exit__ inside another, which ends in RecursionError at the depth limit,
# never a C stack overflow.
from contextlib import ExitStack
outer = ExitStack()
cur = outer
for _ in range(20000):
    nxt = ExitStack()
    cur.enter_context(nxt)
    cur = nxt
cur.callback(print, "innermost")
outer.close()
