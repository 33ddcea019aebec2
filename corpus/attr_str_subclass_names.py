# A str subclass instance as an attribute name (setattr/getattr/hasattr/
# delattr, instance and class attributes): the str value names the
# attribute. (CPython also calls a subclass's own __hash__/__eq__ there and
# keeps the subclass object as the key; safepy stores the plain str.)
class S(str):
    def __eq__(self, o):
        return str.__eq__(self, o)
    def __hash__(self):
        return str.__hash__(self)
class O:
    pass
o = O()
setattr(o, S('x'), 1)
print(o.x, getattr(o, S('x')), hasattr(o, S('x')), getattr(o, S('y'), 'dflt'))
delattr(o, S('x'))
print(hasattr(o, 'x'), hasattr(o, S('x')))
setattr(O, S('cattr'), 7)
print(O.cattr, getattr(O, S('cattr')), o.cattr)
for i in range(50):
    setattr(o, S('k%d' % i), i)
print(sum(getattr(o, 'k%d' % i) for i in range(50)), sorted(vars(o))[:3])
for bad in (5, b'x', None):
    try:
        setattr(o, bad, 1)
    except TypeError as e:
        print(e)
    try:
        getattr(o, bad)
    except TypeError as e:
        print(e)
class M(str):
    pass
setattr(o, M('m'), 9)
print(o.m, getattr(o, M('m')))
try:
    getattr(o, M('missing'))
except AttributeError as e:
    print('AttributeError', e)
