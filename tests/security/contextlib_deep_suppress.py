# args: --allow-module contextlib
# expect: exit=0 stdout="survived" seconds=20
# Recursion through a contextmanager inside a suppress(RecursionError): the
# RecursionError is caught and the program goes on.
from contextlib import contextmanager, suppress
@contextmanager
def layer():
    yield
def down(n):
    with layer():
        down(n + 1)
with suppress(RecursionError):
    down(0)
print("survived")
