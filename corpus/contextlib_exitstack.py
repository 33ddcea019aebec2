from contextlib import ExitStack, contextmanager, AbstractContextManager

order = []

@contextmanager
def res(name):
    order.append("enter " + name)
    yield name
    order.append("exit " + name)

with ExitStack() as stack:
    names = [stack.enter_context(res(n)) for n in "abc"]
    stack.callback(order.append, "callback")
    stack.callback(lambda *a, **k: order.append(("cb", a, sorted(k.items()))), 1, 2, z=3)
    print(names)
print(order)
order.clear()

class CM:
    def __init__(self, name, suppress=False):
        self.name = name
        self.suppress = suppress
    def __enter__(self):
        order.append("enter " + self.name)
        return self
    def __exit__(self, t, v, tb):
        order.append("exit %s %s" % (self.name, t.__name__ if t else None))
        return self.suppress

with ExitStack() as stack:
    stack.enter_context(CM("x"))
    stack.enter_context(CM("y", suppress=True))
    stack.enter_context(CM("z"))
    raise ValueError("suppressed by y")
print(order)
order.clear()

# push: a context manager's __exit__ or a plain callable
def plain_exit(t, v, tb):
    order.append("plain %s" % (t.__name__ if t else None))
with ExitStack() as stack:
    r = stack.push(plain_exit)
    print(r is plain_exit)
    cm = CM("pushed")
    print(stack.push(cm) is cm)
print(order)
order.clear()

# pop_all transfers the callbacks
with ExitStack() as stack:
    stack.callback(order.append, "moved")
    keep = stack.pop_all()
print("after with", order)
keep.close()
print(order)
order.clear()

# close() runs them now, in LIFO order
s = ExitStack()
for i in range(3):
    s.callback(order.append, i)
s.close()
s.close()
print(order)
order.clear()

# decorator form of callback and push
with ExitStack() as stack:
    @stack.callback
    def cleanup():
        order.append("decorated cleanup")
    @stack.push
    def exit_fn(*exc):
        order.append("decorated push")
    print(cleanup.__name__)
print(order)
order.clear()

# exception chaining: each exit's exception becomes the context of the next
def raiser(exc):
    def cb(*details):
        raise exc
    return cb
try:
    with ExitStack() as stack:
        stack.push(raiser(IndexError("third")))
        stack.push(raiser(KeyError("second")))
        stack.push(raiser(AttributeError("first")))
        raise ValueError("body")
except IndexError as e:
    chain = []
    x = e
    while x is not None:
        chain.append(repr(x))
        x = x.__context__
    print(chain)

# a callback that suppresses a later exception
try:
    with ExitStack() as stack:
        stack.push(lambda *d: True)
        stack.push(raiser(KeyError("late")))
        raise ValueError("early")
    print("all suppressed")
except Exception as e:
    print("unexpected", repr(e))

# the stack is mutated while it unwinds
with ExitStack() as stack:
    def adder(*d):
        order.append("adder")
        stack.callback(order.append, "added during unwind")
    stack.push(adder)
    stack.callback(order.append, "first")
print(order)
order.clear()

with ExitStack() as stack:
    def popper(*d):
        order.append("popper")
        moved = stack.pop_all()
        order.append(len(moved._exit_callbacks))
    stack.callback(order.append, "never runs")
    stack.push(popper)
print(order)
order.clear()

try:
    with ExitStack() as stack:
        stack.enter_context(42)
except TypeError as e:
    print("TypeError", e, e.__suppress_context__)
class OnlyEnter:
    def __enter__(self):
        return 1
try:
    ExitStack().enter_context(OnlyEnter())
except TypeError as e:
    print("TypeError", e)
print(isinstance(ExitStack(), AbstractContextManager))
print(type(s._exit_callbacks).__name__, len(s._exit_callbacks))

# subclass
class Logged(ExitStack):
    def __exit__(self, *exc):
        print("Logged exit", exc[0])
        return super().__exit__(*exc)
with Logged() as ls:
    ls.callback(print, "inner callback")
p = Logged().pop_all()
print(type(p).__name__)
try:
    ExitStack().callback()
except TypeError as e:
    print("TypeError", e)
