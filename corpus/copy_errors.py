# copy's errors: argument errors, uncopyable objects, bad reductions,
# bad __getnewargs__ answers, and exceptions raised by the hooks
import copy


def attempt(label, f, *a, **k):
    try:
        r = f(*a, **k)
        print(label, 'ok', type(r).__name__)
    except Exception as e:
        print(label, type(e).__name__, e)


attempt('copy no args', copy.copy)
attempt('copy two args', copy.copy, 1, 2)
attempt('copy kw', copy.copy, x=[1])
attempt('copy bad kw', copy.copy, [1], y=2)
attempt('deepcopy no args', copy.deepcopy)
attempt('deepcopy four args', copy.deepcopy, 1, {}, None, 4)
attempt('deepcopy kw', copy.deepcopy, x=[1], memo={})
attempt('deepcopy bad kw', copy.deepcopy, [1], memo2={})


def gen():
    yield 1
attempt('copy generator', copy.copy, gen())
attempt('deepcopy generator', copy.deepcopy, [gen()])
attempt('copy module', copy.copy, copy)
attempt('deepcopy module', copy.deepcopy, {'m': copy})
for view in ({1: 2}.keys(), {1: 2}.values(), {1: 2}.items()):
    attempt('copy view', copy.copy, view)
    attempt('deepcopy view', copy.deepcopy, [view])


class BadReduce:
    def __init__(self, rv):
        self.rv = rv
    def __reduce__(self):
        return self.rv
for rv in (5, (), (list,), (list, (), None, None, None, None), None, [list, ()], (len, 'abc'),
           (list, 5), (int, ('12',)), (dict, (), 'not a dict state'), (list, (), None, 5),
           (list, (), None, None, [1, 2]), (dict, (), None, None, [(1, 2, 3)]), (dict, (), None, None, [1])):
    attempt('reduce %r' % (rv,), copy.copy, BadReduce(rv))
    attempt('deep reduce %r' % (rv,), copy.deepcopy, BadReduce(rv))


class BadNewArgs:
    def __init__(self, v):
        self.v = v
    def __getnewargs__(self):
        return self.v
attempt('getnewargs list', copy.copy, BadNewArgs([1]))


class BadNewArgsEx:
    def __init__(self, v):
        self.v = v
    def __getnewargs_ex__(self):
        return self.v
for v in ([1], (1,), ((), {}, 3), ([], {}), ((), [])):
    attempt('getnewargs_ex %r' % (v,), copy.copy, BadNewArgsEx(v))


class RaisingCopy:
    def __copy__(self):
        raise RuntimeError('no copy')
    def __deepcopy__(self, memo):
        raise KeyError('no deepcopy')
attempt('raising copy', copy.copy, RaisingCopy())
attempt('raising deepcopy', copy.deepcopy, [1, RaisingCopy()])


class BadDeepcopySig:
    def __deepcopy__(self):
        return 1
attempt('deepcopy signature', copy.deepcopy, BadDeepcopySig())


class NotCallableCopy:
    __copy__ = 5
attempt('copy not callable', copy.copy, NotCallableCopy())


class BadGetstate:
    def __getstate__(self):
        raise ValueError('state!')
attempt('getstate raises', copy.copy, BadGetstate())


class BadSetstate:
    def __init__(self):
        self.a = 1
    def __setstate__(self, st):
        raise ValueError('setstate!')
attempt('setstate raises', copy.deepcopy, BadSetstate())


class SlotStateBad:
    def __getstate__(self):
        return (None, {1: 2})
attempt('slot state non-str name', copy.copy, SlotStateBad())


class NeedsArgs:
    def __new__(cls, a):
        return super().__new__(cls)
attempt('new needs args', copy.copy, NeedsArgs(1))


class Frozen:
    __slots__ = ('a',)
    def __setattr__(self, k, v):
        raise AttributeError('frozen ' + k)
f = Frozen.__new__(Frozen)
object.__setattr__(f, 'a', 1)
attempt('frozen slots', copy.copy, f)


class MemoUser:
    def __deepcopy__(self, memo):
        return memo['missing']
attempt('deepcopy KeyError', copy.deepcopy, MemoUser())

attempt('memo not a mapping', copy.deepcopy, [1], 5)
attempt('memo atom', copy.deepcopy, 1, 5)
print(issubclass(copy.Error, Exception), copy.Error.__module__)
try:
    raise copy.Error('x', 1)
except copy.error as e:
    print('caught', e.args)
