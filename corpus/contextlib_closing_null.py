from contextlib import closing, nullcontext, AbstractContextManager

class Thing:
    def __init__(self, name):
        self.name = name
        self.closed = False
    def close(self):
        print("closing", self.name)
        self.closed = True

with closing(Thing("a")) as t:
    print("using", t.name, t.closed)
print(t.closed)

try:
    with closing(Thing("b")) as t:
        raise ValueError("boom")
except ValueError as e:
    print("propagated", e, t.closed)

c = closing(Thing("c"))
print(c.thing.name, c.__enter__().name)
print(c.__exit__(None, None, None))

class NoClose:
    pass
try:
    with closing(NoClose()):
        pass
except AttributeError as e:
    print("AttributeError", e)

def gen():
    try:
        yield 1
        yield 2
    finally:
        print("gen finalized")
with closing(gen()) as g:
    print(next(g))
print("after gen")

with nullcontext() as v:
    print("null", v)
with nullcontext(5) as v:
    print("null", v)
with nullcontext(enter_result=[1, 2]) as v:
    print("null", v)
try:
    with nullcontext():
        raise KeyError("through")
except KeyError as e:
    print("KeyError", e)

def process(items, cm=None):
    with (cm if cm is not None else nullcontext(items)) as it:
        return sum(it)
print(process([1, 2, 3]))
n = nullcontext("x")
print(n.enter_result, n.__enter__(), n.__exit__(None, None, None))
print(isinstance(n, AbstractContextManager), isinstance(c, AbstractContextManager))

class Sub(closing):
    def __exit__(self, *exc):
        print("sub exit first")
        return super().__exit__(*exc)
with Sub(Thing("d")):
    pass
try:
    closing()
except TypeError as e:
    print("TypeError", e)
try:
    nullcontext(1, 2)
except TypeError as e:
    print("TypeError", e)
