"""Every __future__ feature CPython 3.11 accepts; all but annotations change nothing."""
from __future__ import nested_scopes, generators, division
from __future__ import (absolute_import, with_statement,
                        print_function, unicode_literals,)
from __future__ import barry_as_FLUFL
from __future__ import generator_stop


def gen():
    yield 1
    return 2


# annotations are evaluated: no `annotations` feature here
def f(x: int) -> list[int]:
    return [x // 2, x / 2]


print(f.__annotations__)
print(f(7), 1 != 2, 7 / 2, type("s"))
g = gen()
print(next(g))
try:
    next(g)
except StopIteration as e:
    print("stop", e.value)


def inner():
    def stop():
        raise StopIteration
        yield
    try:
        list(stop())
    except RuntimeError as e:
        print(type(e).__name__, e)


inner()
