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
setattr(o, S('x'), 1)  # safepy: ignore[SP305]
print(o.x, getattr(o, S('x')), hasattr(o, S('x')), getattr(o, S('y'), 'dflt'))  # safepy: ignore[SP305]
delattr(o, S('x'))  # safepy: ignore[SP305]
print(hasattr(o, 'x'), hasattr(o, S('x')))  # safepy: ignore[SP305]
setattr(O, S('cattr'), 7)  # safepy: ignore[SP305]
print(O.cattr, getattr(O, S('cattr')), o.cattr)  # safepy: ignore[SP305]
for i in range(50):
    setattr(o, S('k%d' % i), i)  # safepy: ignore[SP305]
print(sum(getattr(o, 'k%d' % i) for i in range(50)), sorted(vars(o))[:3])  # safepy: ignore[SP305,SP311]
for bad in (5, b'x', None):
    try:
        setattr(o, bad, 1)  # safepy: ignore[SP305]
    except TypeError as e:
        print(e)
    try:
        getattr(o, bad)  # safepy: ignore[SP305]
    except TypeError as e:
        print(e)
class M(str):
    pass
setattr(o, M('m'), 9)  # safepy: ignore[SP305]
print(o.m, getattr(o, M('m')))  # safepy: ignore[SP305]
try:
    getattr(o, M('missing'))  # safepy: ignore[SP305]
except AttributeError as e:
    print('AttributeError', e)
