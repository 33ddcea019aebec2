# args: --allow-module copy
# expect: exit=0 stdout="reduce paths closed"
# Every way the copy module runs a reduction must stay inside what the
# program can already call: a __reduce__ handing back getattr with an
# internal name, a module object or a class's type graph is refused by the
# same runtime checks as a direct call; copying a module, a generator or a
# function's globals holder gives nothing away; the state dicts copy passes
# to __setstate__ are the instance's own.
import copy

refused = 0


def expect_refusal(label, f):
    global refused
    try:
        r = f()
    except (AttributeError, TypeError, NotImplementedError) as e:
        refused += 1
        return
    raise SystemExit('LEAK %s: %r' % (label, r))


def fn():
    return 1


class ViaGetattr:
    def __init__(self, target, name):
        self.target = target
        self.name = name
    def __reduce__(self):
        return (getattr, (self.target, self.name))

for target, name in ((fn, '__globals__'), (fn, '__code__'), (fn, '__builtins__'), (object, '__subclasses__'),
                     (int, '__mro__'), (int, '__bases__'), (copy, '__loader__'), (copy, '__spec__')):
    expect_refusal('getattr %s' % name, lambda: copy.copy(ViaGetattr(target, name)))
    expect_refusal('deep getattr %s' % name, lambda: copy.deepcopy(ViaGetattr(target, name)))

expect_refusal('copy module', lambda: copy.copy(copy))
expect_refusal('deepcopy module', lambda: copy.deepcopy([copy]))


def gen():
    yield 1
expect_refusal('copy generator', lambda: copy.copy(gen()))


class SetstateSees:
    def __init__(self):
        self.a = 1
    def __setstate__(self, state):
        # only the instance's own attributes arrive here
        assert state == {'a': 1}, state
        self.__dict__.update(state)
copy.deepcopy(SetstateSees())


class ReduceState:
    def __reduce__(self):
        return (ReduceState, (), {'__class__': int})
# a state key named __class__ is a dict entry, as in CPython: the class stays
assert type(copy.copy(ReduceState())) is ReduceState

# functions and classes are returned as they are, never rebuilt
print(copy.deepcopy(fn) is fn, copy.deepcopy(ViaGetattr) is ViaGetattr)
if refused != 19:
    raise SystemExit('refused %d' % refused)
print('reduce paths closed')
