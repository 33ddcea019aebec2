"""Statement features for user classes, decorators, with and exception
chaining (registered in gen.FEATURES).

Every class the generator writes defines __repr__ (a default repr shows an
address, which the fuzzer would discard), and hash() is only printed for
classes that define __hash__ over ints.  Classes pick a random subset of
special methods, so missing ones are exercised too (TypeError messages).
"""

# Binary operator special methods: (operator, name, reflected name).
BINOPS = [('+', '__add__', '__radd__'), ('-', '__sub__', '__rsub__'), ('*', '__mul__', '__rmul__'),
          ('//', '__floordiv__', '__rfloordiv__'), ('%', '__mod__', '__rmod__'),
          ('/', '__truediv__', '__rtruediv__'), ('**', '__pow__', '__rpow__'),
          ('&', '__and__', '__rand__'), ('|', '__or__', '__ror__'), ('^', '__xor__', '__rxor__'),
          ('<<', '__lshift__', '__rlshift__')]
# '@' is refused by safepy (no matrix type): not generated
CMPS = [('<', '__lt__'), ('<=', '__le__'), ('>', '__gt__'), ('>=', '__ge__'), ('==', '__eq__'),
        ('!=', '__ne__')]
UNARY = [('-', '__neg__'), ('+', '__pos__'), ('~', '__invert__'), ('abs', '__abs__')]
CONVS = [('int', '__int__', 'int(self.v) + 1'), ('float', '__float__', 'float(self.v) / 2'),
         ('str', '__str__', "'<' + str(self.v) + '>'"), ('bool', '__bool__', 'self.v > 0'),
         ('len', '__len__', 'abs(self.v) % 7')]

EXCS = ['ValueError', 'TypeError', 'KeyError', 'IndexError', 'RuntimeError', 'ZeroDivisionError',
        'LookupError', 'ArithmeticError', 'AttributeError', 'Exception', 'NotImplementedError',
        'StopIteration', 'OverflowError', 'AssertionError', 'UnicodeError', 'NameError']


def _cls(g, prefix='K'):
    g.nfunc += 1
    return '%s%d' % (prefix, g.nfunc)


def _operand(g, cls):
    """Something to combine with an instance of cls."""
    return g.choice(['%s(%s)' % (cls, g.leaf('int')), g.leaf('int'), g.leaf('int'), g.leaf('float'),
                     g.leaf('str'), '[1]', 'None'])


def f_class_ops(g):
    """A value class with a random subset of operator special methods, then
    a run of guarded uses of it."""
    c = _cls(g)
    e = g.emit
    e('class %s:' % c)
    g.indent += 1
    e('def __init__(self, v=%s):' % g.leaf('int'))
    e('    self.v = v')
    e('def __repr__(self):')
    e("    return %s" % g.choice(["'%s(%%r)' %% (self.v,)" % c, "f'%s({self.v!r})'" % c,
                                 "'%s<' + repr(self.v) + '>'" % c]))
    ops = [b for b in BINOPS if g.chance(0.3)]
    for sym, name, rname in ops:
        strict = g.chance(0.5)
        e('def %s(self, o):' % name)
        if strict:
            e('    if not isinstance(o, (%s, int)):' % c)
            e('        return NotImplemented')
        e('    ov = o.v if isinstance(o, %s) else o' % c)
        e('    return %s(self.v %s ov)' % (c, sym))
        if g.chance(0.5):
            e('def %s(self, o):' % rname)
            e('    return %s(o %s self.v)' % (c, sym))
        if g.chance(0.2):
            e('def __i%s(self, o):' % name[2:])
            e('    self.v = self.v %s (o.v if isinstance(o, %s) else o)' % (sym, c))
            e('    return self')
    cmps = [x for x in CMPS if g.chance(0.35)]
    for sym, name in cmps:
        e('def %s(self, o):' % name)
        if g.chance(0.4):
            e('    if not isinstance(o, %s):' % c)
            e('        return NotImplemented')
            e('    return self.v %s o.v' % sym)
        else:
            e('    return self.v %s (o.v if isinstance(o, %s) else o)' % (sym, c))
    hashed = any(n == '__eq__' for _, n in cmps) and g.chance(0.6)
    if hashed:
        e('def __hash__(self):')
        e('    return hash(self.v)' if g.chance(0.7) else '    return 7')
    unary = [u for u in UNARY if g.chance(0.3)]
    for sym, name in unary:
        e('def %s(self):' % name)
        e('    return %s(%s)' % (c, {'-': '-self.v', '+': 'self.v', '~': '~self.v', 'abs': 'abs(self.v)'}[sym]))
    convs = [x for x in CONVS if g.chance(0.3)]
    for _, name, body in convs:
        e('def %s(self):' % name)
        e('    return %s' % (body if g.chance(0.85) else g.choice(["'bad'", '1.5', 'None', '-1'])))
    if g.chance(0.2):
        e('def __call__(self, *a, **k):')
        e('    return (self.v, a, sorted(k.items()))')
    if g.chance(0.15):
        e('def __format__(self, spec):')
        e("    return 'F[' + format(self.v, spec) + ']'")
    g.indent -= 1
    obj = g.new_var('obj')
    e('%s = %s(%s)' % (obj, c, g.leaf('int')))
    g.env[obj] = 'obj:' + c
    for _ in range(g.rng.randint(2, 6)):
        k = g.rng.randint(0, 9)
        if k == 0:
            sym = g.choice(BINOPS)[0]
            x = g.choice(['%s %s %s' % (obj, sym, _operand(g, c)), '%s %s %s' % (_operand(g, c), sym, obj)])
            g.guarded(['print(repr(%s))' % x])
        elif k == 1:
            sym = g.choice(CMPS)[0]
            g.guarded(['print(repr(%s %s %s))' % (obj, sym, _operand(g, c))])
        elif k == 2:
            g.guarded(['print(repr(sorted([%s(%s), %s(%s), %s])))' % (c, g.leaf('int'), c, g.leaf('int'), obj)])
        elif k == 3:
            sym = g.choice(UNARY)[0]
            g.guarded(['print(repr(%s))' % ('abs(%s)' % obj if sym == 'abs' else '%s%s' % (sym, obj))])
        elif k == 4:
            fn = g.choice(['int', 'float', 'str', 'bool', 'len', 'repr', 'format'])
            if fn == 'format':
                g.guarded(["print(repr(format(%s, %r)), f'{%s:>4}')" % (obj, g.choice(['', '>5', 'x', '+']), obj)])
            else:
                g.guarded(['print(repr(%s(%s)))' % (fn, obj)])
        elif k == 5:
            aug = g.choice(BINOPS)[0]
            g.guarded(['%s %s= %s' % (obj, aug, _operand(g, c)), 'print(repr(%s))' % obj])
        elif k == 6:
            if hashed:
                g.guarded(['print(len({%s, %s(%s), %s(%s)}), hash(%s) == hash(%s(%s.v)))' %
                           (obj, c, g.leaf('int'), c, g.leaf('int'), obj, c, obj)])
            else:
                g.guarded(['print(repr({%s: 1}))' % obj])
        elif k == 7:
            g.guarded(['print(repr(%s(%s)), repr(%s in [%s(%s), 1]))' % (obj, g.leaf('int'), obj, c, g.leaf('int'))])
        elif k == 8:
            g.guarded(['print(%s if %s else %s, repr(not %s))' % ("'yes'", obj, "'no'", obj)])
        else:
            g.guarded(['print(repr(sum([%s, %s(1)], %s(0))))' % (obj, c, c),
                       'print(repr(max(%s, %s(%s))))' % (obj, c, g.leaf('int'))])


def f_class_container(g):
    """Container and iteration protocols: __len__, __getitem__ (with the old
    protocol), __setitem__, __delitem__, __contains__, __iter__/__next__."""
    c = _cls(g, 'Seq')
    e = g.emit
    e('class %s:' % c)
    g.indent += 1
    e('def __init__(self, *items):')
    e('    self.items = list(items)')
    e('def __repr__(self):')
    e("    return '%s(' + ', '.join(map(repr, self.items)) + ')'" % c)
    has = {}
    for name in ['__len__', '__getitem__', '__setitem__', '__delitem__', '__contains__', '__iter__',
                 '__reversed__', '__bool__']:
        if not g.chance(0.55):
            continue
        has[name] = True
        if name == '__len__':
            e('def __len__(self):')
            e('    return len(self.items)')
        elif name == '__getitem__':
            e('def __getitem__(self, i):')
            if g.chance(0.3):
                e('    if isinstance(i, slice):')
                e('        return %s(*self.items[i])' % c)
            e('    return self.items[i]')
        elif name == '__setitem__':
            e('def __setitem__(self, i, v):')
            e('    self.items[i] = v')
        elif name == '__delitem__':
            e('def __delitem__(self, i):')
            e('    del self.items[i]')
        elif name == '__contains__':
            e('def __contains__(self, x):')
            e('    return %s' % g.choice(['x in self.items', 'x == len(self.items)']))
        elif name == '__iter__':
            if g.chance(0.5):
                e('def __iter__(self):')
                e('    return iter(self.items)')
            else:
                e('def __iter__(self):')
                e('    for x in self.items:')
                e('        yield %s' % g.choice(['x', '(x, x)', 'repr(x)']))
        elif name == '__reversed__':
            e('def __reversed__(self):')
            e("    return iter(['r'] + self.items[::-1])")
        else:
            e('def __bool__(self):')
            e('    return %s' % g.choice(['True', 'False', 'bool(self.items)', '0']))
    g.indent -= 1
    s = g.new_var('obj')
    g.env[s] = 'obj:' + c
    e('%s = %s(%s)' % (s, c, ', '.join(g.leaf(g.choice(['int', 'str'])) for _ in range(g.rng.randint(0, 4)))))
    uses = ['print(len(%s))' % s, 'print(repr(%s[%s]))' % (s, g.choice(['0', '-1', '5', '1:3', "'k'"])),
            'print(repr(list(%s)))' % s, 'print(repr(%s in %s))' % (g.leaf('int'), s),
            '%s[0] = %s' % (s, g.leaf('int')), 'del %s[0]' % s, 'print(repr(list(reversed(%s))))' % s,
            'print(bool(%s), repr(%s))' % (s, s), 'print(repr([x for x in %s][:3]))' % s,
            'print(repr(sorted(%s, key=repr)))' % s, 'a, *b = %s\nprint(repr(a), repr(b))' % s,
            'print(repr(dict(enumerate(%s))))' % s, 'print(repr(list(zip(%s, "xyz"))))' % s,
            'print(repr(sum(1 for _ in %s)))' % s, 'it = iter(%s)\nprint(repr(next(it)), repr(next(it, None)))' % s]
    for _ in range(g.rng.randint(2, 5)):
        g.guarded(g.choice(uses).split('\n'))
    if g.chance(0.3):
        # a hand-written iterator class
        it = _cls(g, 'It')
        e('class %s:' % it)
        e('    def __init__(self, n):')
        e('        self.n = n')
        e('        self.i = 0')
        e('    def __iter__(self):')
        e('        return self')
        e('    def __next__(self):')
        e('        if self.i >= self.n:')
        e('            raise StopIteration%s' % g.choice(['', '(self.i)']))
        e('        self.i += 1')
        e('        return self.i * %s' % g.leaf('int'))
        e('    def __repr__(self):')
        e("        return '%s'" % it)
        g.guarded([g.choice(['print(list(%s(%d)))', 'print(sum(%s(%d)))', 'print(sorted(%s(%d), reverse=True))',
                             'x = %s(%d)\nprint(next(x), list(x), list(x))',
                             'print(list(zip(%s(%d), "ab")))', 'print(dict.fromkeys(%s(%d)))'])
                   % (it, g.rng.randint(0, 4))][0].split('\n'))


def f_inherit(g):
    """A chain (or diamond) of classes overriding methods, with super()."""
    e = g.emit
    names = [_cls(g, 'C') for _ in range(g.rng.randint(2, 4))]
    diamond = len(names) == 4 and g.chance(0.5)
    for i, n in enumerate(names):
        if i == 0:
            base = ''
        elif diamond and i == 3:
            base = '(%s, %s)' % (names[1], names[2])
        elif diamond and i == 2:
            base = '(%s)' % names[0]
        else:
            base = '(%s)' % names[i - 1]
        e('class %s%s:' % (n, base))
        g.indent += 1
        body = False
        if g.chance(0.5):
            e('tag = %s' % g.leaf(g.choice(['int', 'str'])))
            body = True
        if i == 0 or g.chance(0.5):
            e('def __init__(self, x=%s):' % g.leaf('int'))
            if i > 0 and g.chance(0.8):
                e('    super().__init__(%s)' % g.choice(['x', 'x + 1', '']))
            e('    self.x%d = x' % i)
            body = True
        if i == 0 or g.chance(0.6):
            e('def who(self):')
            if i > 0 and g.chance(0.7):
                e("    return '%s>' + super().who()" % n)
            else:
                e("    return '%s'" % n)
            body = True
        if g.chance(0.4):
            e('def calc(self, y):')
            if i > 0 and g.chance(0.5):
                e('    return super().calc(y) * 2')
            else:
                e('    return y + %s' % g.leaf('int'))
            body = True
        if i == 0:
            e('def __repr__(self):')
            e("    return type(self).__name__ + '()'")
            body = True
        if g.chance(0.2):
            e('def __str__(self):')
            e("    return 'str:' + self.who()")
            body = True
        if not body:
            e('pass')
        g.indent -= 1
    o = g.new_var('obj')
    g.env[o] = 'obj:' + names[-1]
    e('%s = %s(%s)' % (o, g.choice(names), g.choice(['', g.leaf('int')])))
    uses = ['print(%s.who())' % o, 'print(repr(%s.calc(%s)))' % (o, g.leaf('int')), 'print(repr(%s), str(%s))' % (o, o),
            'print(isinstance(%s, %s), issubclass(%s, %s))' % (o, g.choice(names), g.choice(names), g.choice(names)),
            'print(repr(%s.tag))' % o,
            'print(type(%s).__name__, type(%s) is %s)' % (o, o, g.choice(names)),
            'print(%s.__name__, %s.__qualname__)' % (names[-1], names[0]),
            'print(repr(%s.x0))' % o, 'print(%s.who is %s.who)' % (names[0], names[-1]),
            'print(repr(super(%s, %s).who()))' % (names[-1], o) if len(names) > 1 else 'print(1)',
            'print(repr(getattr(%s, %s, %s)))' % (o, g.choice(["'who'", "'x0'", "'nope'", "'tag'"]), g.leaf('int')),
            'print(hasattr(%s, "calc"), hasattr(%s, "x1"))' % (o, o)]
    for _ in range(g.rng.randint(2, 5)):
        g.guarded([g.choice(uses)])


def f_property(g):
    """property (getter, setter, deleter, read-only), staticmethod,
    classmethod alternative constructors, class attributes and counters."""
    c = _cls(g, 'P')
    e = g.emit
    e('class %s:' % c)
    g.indent += 1
    e('count = 0')
    e('def __init__(self, v):')
    e('    self._v = v')
    e('    %s.count += 1' % c)
    e('def __repr__(self):')
    e("    return '%s(%%r)' %% (self._v,)" % c)
    e('@property')
    e('def v(self):')
    e('    %s' % g.choice(['return self._v', 'return self._v * 2', "return 'v=' + str(self._v)"]))
    if g.chance(0.7):
        e('@v.setter')
        e('def v(self, x):')
        if g.chance(0.5):
            e('    if not isinstance(x, int):')
            e("        raise TypeError('v must be int, not ' + type(x).__name__)")
        e('    self._v = x')
    if g.chance(0.3):
        e('@v.deleter')
        e('def v(self):')
        e("    print('deleting')")
        e('    del self._v')
    if g.chance(0.4):
        e('@property')
        e('def ro(self):')
        e("    '''read-only'''")
        e('    return %s' % g.choice(['self._v + 1', '[self._v]', 'None']))
    e('@staticmethod')
    e('def st(a, b=%s):' % g.leaf('int'))
    e('    return a * b')
    e('@classmethod')
    e('def make(cls, %s):' % g.choice(['s', 's=\'3\'']))
    e('    return cls(int(s))')
    if g.chance(0.3):
        e('@classmethod')
        e('def total(cls):')
        e('    return cls.count')
    g.indent -= 1
    if g.chance(0.3):
        e('class %sb(%s):' % (c, c))
        e('    @property')
        e('    def v(self):')
        e('        return -self._v')
        c = c + 'b'
    o = g.new_var('obj')
    g.env[o] = 'obj:' + c
    e('%s = %s(%s)' % (o, c, g.leaf('int')))
    uses = ['print(repr(%s.v))' % o, '%s.v = %s\nprint(repr(%s.v), repr(%s))' % (o, g.leaf(g.choice(['int', 'str'])), o, o),
            'del %s.v\nprint(hasattr(%s, "_v"))' % (o, o),
            'print(repr(%s.ro))' % o, '%s.ro = 1' % o, 'print(%s.st(%s), %s.st(%s, %s))' % (c, g.leaf('int'), o, g.leaf('str'), g.leaf('int')),
            'print(repr(%s.make(%s)), %s.count)' % (c, g.choice(["'7'", "'x'", "'-2'", '']), c),
            'print(%s.total())' % c, 'print(repr(%s.make()))' % o, 'print(%s.v.__class__.__name__)' % o,
            'print(type(%s).__name__, type(%s.v).__name__)' % (o, o),
            'print(repr(%s._v), %s.count)' % (o, o), 'print(repr(getattr(%s, "v", None)))' % o]
    for _ in range(g.rng.randint(2, 5)):
        g.guarded(g.choice(uses).split('\n'))


def f_getattr(g):
    """__getattr__ fallback, attribute errors, setattr/getattr/delattr."""
    c = _cls(g, 'G')
    e = g.emit
    e('class %s:' % c)
    e('    known = %s' % g.leaf('int'))
    e('    def __init__(self):')
    e('        self.a = %s' % g.leaf('int'))
    if g.chance(0.7):
        e('    def __getattr__(self, name):')
        k = g.rng.randint(0, 3)
        if k == 0:
            e("        return 'dyn_' + name")
        elif k == 1:
            e("        if name.startswith('x'):")
            e('            return len(name)')
            e("        raise AttributeError(f'{type(self).__name__} has no {name}')")
        elif k == 2:
            e('        raise AttributeError(name)')
        else:
            e("        return [name]")
    if g.chance(0.3):
        e('    def __setattr__(self, name, value):')
        e("        print('set', name, repr(value))")
        e('        super().__setattr__(name, value)')
    e('    def __repr__(self):')
    e("        return '%s'" % c)
    o = g.new_var('obj')
    g.env[o] = 'obj:' + c
    e('%s = %s()' % (o, c))
    uses = ['print(repr(%s.a), repr(%s.known))' % (o, o), 'print(repr(%s.%s))' % (o, g.choice(['xyz', 'b', 'missing', 'x'])),
            'print(repr(getattr(%s, %s, "dflt")))' % (o, g.choice(["'q'", "'xq'", "'a'"])),
            'setattr(%s, "b", %s)\nprint(repr(%s.b))' % (o, g.leaf('int'), o), 'delattr(%s, "a")\nprint(repr(%s.a))' % (o, o),
            'del %s.zz' % o, 'print(hasattr(%s, "nope"), hasattr(%s, "a"))' % (o, o),
            '%s.known = 5\nprint(%s.known, %s.known)' % (o, o, c), 'print(repr(%s.nope))' % c]
    for _ in range(g.rng.randint(2, 4)):
        g.guarded(g.choice(uses).split('\n'))


def f_slots(g):
    """__slots__ in every form, subclasses with and without their own, a
    shadowing class attribute or property, __getattr__/__setattr__ hooks;
    then slot reads, writes and deletes through instances and through the
    member descriptors, and __class__ assignment between the classes."""
    base, sub, other = _cls(g, 'S'), _cls(g, 'S'), _cls(g, 'S')
    e = g.emit
    names = g.choice([['x'], ['x', 'y'], ['y', 'x'], ['x', '__p']])
    extra = g.choice([[], [], ['__dict__'], ['__weakref__']])
    items = names + extra
    form = g.rng.randint(0, 3)
    if form == 0:
        sv = repr(tuple(items))
    elif form == 1:
        sv = repr(list(items))
    elif form == 2 and len(items) == 1:
        sv = repr(items[0])
    else:
        sv = '{%s}' % ', '.join('%r: %r' % (n, 'doc ' + n) for n in items)
    e('class %s:' % base)
    e('    __slots__ = %s' % sv)
    if '__p' in names:
        e('    def getp(self):')
        e("        return getattr(self, '_%s__p', 'unset')" % base)
    if g.chance(0.3):
        e('    def __getattr__(self, name):')
        e("        return 'ga_' + name")
    e('    def __repr__(self):')
    e("        return '%s'" % base)
    e('class %s(%s):' % (sub, base))
    k = g.rng.randint(0, 4)
    if k == 0:
        e('    pass')
    elif k == 1:
        e("    __slots__ = ('z',)")
    elif k == 2:
        e("    __slots__ = ('x',)")
    elif k == 3:
        e('    x = %s' % g.leaf('int'))
    else:
        e('    @property')
        e('    def x(self):')
        e("        return 'prop'")
    if g.chance(0.25):
        e('    def __setattr__(self, name, value):')
        e("        print('setattr', name, repr(value))")
        e('        object.__setattr__(self, name, value)')
    e('class %s:' % other)
    e('    __slots__ = %s' % g.choice([sv, "('x',)", "('x', 'y')", '()']))
    e('    def __repr__(self):')
    e("        return '%s'" % other)
    o, p = g.new_var('obj'), g.new_var('obj')
    g.env[o] = 'obj:' + base
    g.env[p] = 'obj:' + sub
    e('%s = %s()' % (o, base))
    e('%s = %s()' % (p, sub))
    v = g.leaf('int')
    uses = ['%s.x = %s\nprint(%s.x)' % (o, v, o), '%s.x = %s\nprint(%s.x, %s.x.__get__(%s))' % (p, v, p, base, p),
            'print(%s.x)' % p, 'del %s.x' % o, 'del %s.x\nprint(%s.x)' % (p, p),
            'print(%s.x, type(%s.x).__name__, %s.x.__name__, %s.x.__qualname__)' % (base, base, base, base),
            'print(%s.x.__objclass__, %s.x.__doc__)' % (base, base),
            '%s.x.__set__(%s, %s)\nprint(%s.x.__get__(%s), %s.x)' % (base, p, v, base, p, p),
            'print(%s.x.__get__(None, %s) is %s.x)' % (base, sub, base),
            'print(%s.x.__get__(%s))' % (base, other + '()'), '%s.x.__set__(1, 2)' % base,
            '%s.x.__delete__(%s)' % (base, o), '%s.w = 1\nprint(%s.w)' % (o, o), '%s.w = 1\nprint(%s.w)' % (p, p),
            'print(hasattr(%s, "x"), hasattr(%s, "y"), hasattr(%s, "x"))' % (o, p, base),
            '%s.y = 3\nprint(getattr(%s, "y"))' % (p, p), 'print(%s.getp())' % o if '__p' in names else 'print(1)',
            '%s.x = 1\n%s.__class__ = %s\nprint(%s, %s.x)' % (o, o, other, o, o),
            '%s.__class__ = %s\nprint(%s)' % (p, base, p), 'print(%s.__weakref__)' % o,
            'print(%s.x)' % sub, 'print(%s in (%s,))' % ('%s.x' % base, '%s.x' % sub)]
    for _ in range(g.rng.randint(3, 7)):
        g.guarded(g.choice(uses).split('\n'))


def f_decorator(g):
    """Function decorators: plain wrappers, factories with arguments,
    stacked, and ones that return something else than a function."""
    e = g.emit
    d = _cls(g, 'deco')
    k = g.rng.randint(0, 3)
    if k == 0:
        e('def %s(fn):' % d)
        e('    def wrapper(*args, **kwargs):')
        e("        print('>', fn.__name__, args, sorted(kwargs.items()))")
        e('        r = fn(*args, **kwargs)')
        e("        print('<', repr(r))")
        e('        return r')
        e('    return wrapper')
        use = '@%s' % d
    elif k == 1:
        e('def %s(times):' % d)
        e('    def inner(fn):')
        e('        def wrapper(*a):')
        e('            return [fn(*a) for _ in range(times)]')
        e('        return wrapper')
        e('    return inner')
        use = '@%s(%d)' % (d, g.rng.randint(0, 3))
    elif k == 2:
        e('calls = []')
        e('def %s(fn):' % d)
        e('    calls.append(fn.__name__)')
        e('    return fn')
        use = '@%s' % d
    else:
        e('def %s(fn):' % d)
        e('    cache = {}')
        e('    def memo(n):')
        e('        if n not in cache:')
        e('            cache[n] = fn(n)')
        e('        return cache[n]')
        e('    memo.cache = cache')
        e('    return memo')
        use = '@%s' % d
    f = _cls(g, 'fn')
    e(use)
    if g.chance(0.3) and k != 3:
        e('@%s' % d if k != 1 else '@%s(2)' % d)
    if k == 3:
        e('def %s(n):' % f)
        e('    return n if n < 2 else %s(n - 1) + %s(n - 2)' % (f, f))
        e('print(%s(%d), len(%s.cache))' % (f, g.rng.randint(0, 25), f))
        return
    e('def %s(a, b=%s):' % (f, g.leaf('int')))
    e('    return %s' % g.choice(['a + b', '(a, b)', 'a * b', '[a] * 2']))
    g.guarded(['print(repr(%s(%s)))' % (f, ', '.join([g.leaf('int')] + ([g.leaf('int')] if g.chance(0.5) else [])))])
    g.guarded(['print(%s.__name__)' % f])
    if k == 2:
        e('print(calls)')


def f_with(g):
    """with and user context managers: enter values, __exit__ seeing the
    exception, suppressing it or not, several items, nesting, return/break
    inside, an error in __enter__ or __exit__."""
    c = _cls(g, 'CM')
    e = g.emit
    e('class %s:' % c)
    e('    def __init__(self, name, suppress=%s):' % g.choice(['False', 'True']))
    e('        self.name = name')
    e('        self.suppress = suppress')
    e('    def __enter__(self):')
    e("        print('enter', self.name)")
    if g.chance(0.1):
        e("        if self.name == 'bad':")
        e("            raise RuntimeError('enter failed')")
    e('        return %s' % g.choice(['self', 'self.name', 'None', '42']))
    e('    def __exit__(self, et, ev, tb):')
    e("        print('exit', self.name, et.__name__ if et else None, repr(ev))")
    if g.chance(0.15):
        e("        if self.name == 'boom':")
        e("            raise ValueError('from exit')")
    e('        return self.suppress')
    e('    def __repr__(self):')
    e("        return 'CM:' + self.name")
    risky = g.choice(['1 / 0', "int('z')", "[][0]", 'None + 1', 'print("ok")', 'x = 1', "raise KeyError('kk')"])
    k = g.rng.randint(0, 4)
    if k == 0:
        g.guarded(['with %s(%s) as m:' % (c, g.choice(["'a'", "'bad'", "'boom'"])),
                   '    print(repr(m))', '    %s' % risky, "print('after with')"])
    elif k == 1:
        g.guarded(['with %s("a"), %s("b", %s) as m2:' % (c, c, g.choice(['True', 'False'])),
                   '    print(repr(m2))', '    %s' % risky, "print('after with')"])
    elif k == 2:
        g.guarded(['with %s("outer", False):' % c, '    with %s(%s, True):' % (c, g.choice(["'inner'", "'boom'"])),
                   '        %s' % risky, "    print('between')", '    %s' % risky])
    elif k == 3:
        f = _cls(g, 'wf')
        e('def %s(n):' % f)
        e('    for i in range(n):')
        e('        with %s(str(i)):' % c)
        e('            if i == 1:')
        e('                %s' % g.choice(['break', 'continue', 'return i * 10']))
        e('    return -1')
        g.guarded(['print(%s(%d))' % (f, g.rng.randint(0, 3))])
    else:
        g.guarded(['m = %s("plain")' % c, 'with m as v:', '    pass', 'print(repr(v))',
                   'print(repr(m.__enter__()), m.__exit__(None, None, None))'])


def f_custom_exc(g):
    """User exception classes: hierarchies, __init__ and __str__, extra
    fields, matching order, args."""
    e = g.emit
    base = _cls(g, 'AppError')
    e('class %s(%s):' % (base, g.choice(['Exception', 'ValueError', 'LookupError', 'RuntimeError'])))
    k = g.rng.randint(0, 2)
    if k == 0:
        e('    pass')
    elif k == 1:
        e('    def __init__(self, msg, code=%s):' % g.leaf('int'))
        e('        super().__init__(msg)')
        e('        self.code = code')
    else:
        e('    def __str__(self):')
        e("        return 'custom:' + repr(self.args)")
    sub = base + 'Sub'
    e('class %s(%s):' % (sub, base))
    e('    %s' % g.choice(['pass', "kind = 'sub'"]))
    raised = g.choice(['%s(%s)' % (g.choice([base, sub]), g.leaf(g.choice(['int', 'str']))),
                       "%s('m', 5)" % g.choice([base, sub]), '%s()' % sub if k != 1 else "%s('x')" % sub])
    catch = g.choice([base, sub, 'Exception', '(KeyError, %s)' % sub, 'ValueError', 'LookupError'])
    e('try:')
    e('    raise %s' % raised)
    e('except %s as ex:' % catch)
    e("    print('caught', type(ex).__name__, repr(ex), str(ex), ex.args%s)" %
      (", getattr(ex, 'code', None)" if g.chance(0.5) else ''))
    e('except Exception as ex:')
    e("    print('fallback', type(ex).__name__, isinstance(ex, %s))" % base)
    if g.chance(0.25):
        # let one escape: the last traceback line is compared
        e('raise %s' % raised)


def f_chain(g):
    """Exception chaining: raise from, from None, implicit __context__,
    add_note, re-raise, exceptions in except and finally blocks."""
    e = g.emit
    first = g.choice(["ValueError('v')", "KeyError('k')", '1 / 0', "int('q')", "[].pop()", "TypeError('t', 2)"])
    second = g.choice(EXCS)
    k = g.rng.randint(0, 6)
    e('try:')
    e('    try:')
    e('        %s' % (('raise ' + first) if '(' in first and first[0].isupper() else first))
    e('    except %s as inner:' % g.choice(['Exception', 'ArithmeticError', '(ValueError, KeyError)', 'LookupError']))
    if k == 0:
        e("        raise %s('outer') from inner" % second)
    elif k == 1:
        e("        raise %s('outer') from None" % second)
    elif k == 2:
        e("        raise %s('outer')" % second)
    elif k == 3:
        e("        inner.add_note('note %d')" % g.rng.randint(0, 9))
        if g.chance(0.5):
            e("        inner.add_note('second')")
        e('        raise')
    elif k == 4:
        e("        raise %s('outer') from %s('cause')" % (second, g.choice(EXCS)))
    elif k == 5:
        e('        try:')
        e("            raise %s('mid')" % second)
        e('        finally:')
        e("            print('inner finally')")
    else:
        e('        raise inner')
    e('except BaseException as out:')
    e("    print(type(out).__name__, repr(out.args))")
    e("    print('cause', repr(out.__cause__), 'context', repr(out.__context__), out.__suppress_context__)")
    # getattr() with a special name is refused by safepy on purpose
    e('    try:')
    e("        print('notes', out.__notes__)")
    e('    except AttributeError:')
    e("        print('no notes')")
    if g.chance(0.3):
        e('    c = out.__context__')
        e('    print(type(c).__name__ if c is not None else None, c is out.__cause__)')
    if g.chance(0.2):
        # an uncaught chained exception: exit status and last line compared
        e('def boom():')
        e('    try:')
        e('        %s' % (('raise ' + first) if '(' in first and first[0].isupper() else first))
        e('    except Exception as x:')
        e("        raise %s('final') %s" % (second, g.choice(['from x', 'from None', ''])))
        e('boom()')


FEATURES = [
    ('class_ops', 4, f_class_ops),
    ('class_container', 2, f_class_container),
    ('inherit', 2, f_inherit),
    ('property', 2, f_property),
    ('getattr', 1, f_getattr),
    ('slots', 1, f_slots),
    ('decorator', 1.5, f_decorator),
    ('with', 2, f_with),
    ('custom_exc', 1.5, f_custom_exc),
    ('chain', 2, f_chain),
]
