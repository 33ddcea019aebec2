# args: --allow-module contextlib --timeout 30
# expect: exit=1 stderr="RecursionError" seconds=40
# A contextmanager decorator applied 5,000 times over: each call enters
# the next level's `with` from C; the chain ends in RecursionError.
from contextlib import contextmanager
@contextmanager
def cm():
    yield
def f():
    return 1
for _ in range(5000):
    f = cm()(f)
print(f())
