# __set_name__ runs over a copy of the class namespace: descriptors that add,
# replace or delete class attributes do not change who is called; an error in
# one becomes RuntimeError from the original. %-formatting takes __index__
# and __int__ objects as CPython does.


class SetSpecific:
    def __init__(self, sib_name, sib_replace):
        self.sib_name = sib_name
        self.sib_replace = sib_replace

    def __set_name__(self, owner, name):
        print('set_name', name)
        setattr(owner, self.sib_name, self.sib_replace)  # safepy: ignore[SP305]


class SetReplaceTest:
    a = SetSpecific('b', 312)
    b = SetSpecific('a', 311)


print(SetReplaceTest.a, SetReplaceTest.b)


class Adder:
    def __set_name__(self, owner, name):
        owner.extra = name + '_extra'
        owner.count = getattr(owner, 'count', 0) + 1


class Many:
    x = Adder()
    y = Adder()


print(Many.extra, Many.count)


class DelSelf:
    def __set_name__(self, owner, name):
        delattr(owner, name)  # safepy: ignore[SP305]


class DelSelfTest:
    desc = DelSelf()
    keep = 1


print(hasattr(DelSelfTest, 'desc'), DelSelfTest.keep)


class A:
    def __index__(self):
        return 5


class B:
    def __float__(self):
        return 2.5


class C:
    def __int__(self):
        return 7


for o in [A(), B(), C()]:
    for f in ['%d', '%x', '%o', '%5.3d', '%#x']:
        try:
            print(f, repr(f % o))
        except TypeError as e:
            print(f, 'TypeError:', e)


class Raise:
    def __set_name__(self, owner, name):
        raise ValueError('boom')


class RaiseTest:
    desc = Raise()
