# deepcopy with hooks that change what is being copied: a __deepcopy__
# that mutates the list or dict being copied, the memo as the program
# sees it, and the program's own memo and _nil
import copy


class Grower:
    def __init__(self, target):
        self.target = target
    def __deepcopy__(self, memo):
        if len(self.target) < 6:
            self.target.append(len(self.target))
        return 'G'

lst = [0]
lst.append(Grower(lst))
print(copy.deepcopy(lst))
print(lst[:1] + lst[2:])


class Shrinker:
    def __init__(self, target):
        self.target = target
    def __deepcopy__(self, memo):
        del self.target[:]
        return 'S'

lst = [1, 2]
lst.insert(1, Shrinker(lst))
print(copy.deepcopy(lst), lst)


class DictMutator:
    def __init__(self, target):
        self.target = target
    def __deepcopy__(self, memo):
        self.target['new'] = 1
        return 'D'

d = {'a': 1}
d['m'] = DictMutator(d)
try:
    copy.deepcopy(d)
except RuntimeError as e:
    print('RuntimeError', e)


class DictReplacer:
    def __init__(self, target):
        self.target = target
    def __deepcopy__(self, memo):
        self.target['a'] = 'replaced'
        return 'R'
d = {'r': None, 'a': 'orig'}
d['r'] = DictReplacer(d)
print(copy.deepcopy(d))


class MemoPeek:
    def __deepcopy__(self, memo):
        print('memo keys are ids:', all(isinstance(k, int) for k in memo))
        for v in memo.values():
            if isinstance(v, list) and v and v[0] == 'marker':
                v.append('added through the memo')
        return 'peek'

src = ['marker', MemoPeek()]
print(copy.deepcopy(src))

memo = {}
a = [1, 2]
b = [a, a]
c = copy.deepcopy(b, memo)
print(c[0] is c[1], memo[id(a)] is c[0], memo[id(b)] is c)
print(memo[id(memo)][0] is a, len(memo[id(memo)]))
c2 = copy.deepcopy(a, memo)
print(c2 is c[0])

# a memo entry planted in advance is used as the copy
memo = {id(a): 'planted'}
print(copy.deepcopy([a, 3], memo))

# _nil: the value the memo must not hold for an entry to count
nil = object()
memo = {id(a): nil}
print(copy.deepcopy(a, memo, nil), copy.deepcopy(a, memo, nil) is a)


class MemoDict(dict):
    def get(self, key, default=None):
        print('get called')
        return super().get(key, default)
md = MemoDict()
print(copy.deepcopy([[1]], md))
print(len(md))


class ReduceMutates:
    def __init__(self, box):
        self.box = box
    def __reduce__(self):
        self.box.clear()
        return (list, ([1, 2],))
box = [1, 2, 3]
print(copy.deepcopy([box, ReduceMutates(box)]), box)


class StateDeepcopies:
    def __init__(self):
        self.items = [1, [2]]
        self.me = self
s = copy.deepcopy(StateDeepcopies())
print(s.me is s, s.items)


class CopyCalled:
    count = 0
    def __deepcopy__(self, memo):
        CopyCalled.count += 1
        return CopyCalled()
x = CopyCalled()
copy.deepcopy([x, x, (x,)])
print(CopyCalled.count)

# deep nesting ends in RecursionError, and copying continues to work after it
deep = []
cur = deep
for _ in range(100000):
    nxt = []
    cur.append(nxt)
    cur = nxt
try:
    copy.deepcopy(deep)
except RecursionError:
    print('RecursionError')
print(copy.deepcopy([[1], [2]]))
deep_d = {}
cur = deep_d
for _ in range(100000):
    cur['k'] = {}
    cur = cur['k']
try:
    copy.deepcopy(deep_d)
except RecursionError:
    print('RecursionError')
print(copy.copy(deep) is not deep)
