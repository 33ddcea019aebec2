# args: --allow-module contextlib
# expect: exit=1 stderr="RecursionError" seconds=20
# A contextmanager decorator applied 20,000 times over: each call enters
# the next level's `with` from C; the chain ends in RecursionError.
from contextlib import contextmanager
@contextmanager
def cm():
    yield
def f():
    return 1
for _ in range(20000):
    f = cm()(f)
print(f())
