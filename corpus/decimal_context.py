# Context: construction, repr, templates, getcontext/setcontext/localcontext, flags and traps
from decimal import *

print(getcontext())
print(DefaultContext)
print(BasicContext)
print(ExtendedContext)
print(Context())
print(Context(prec=5, rounding=ROUND_DOWN, Emin=-10, Emax=10, capitals=0, clamp=1))
print(Context(flags=[Inexact, Rounded], traps=[DivisionByZero]))
print(Context(traps={s: False for s in [Clamped, InvalidOperation, DivisionByZero, Inexact, Rounded,
                                        Subnormal, Overflow, Underflow, FloatOperation]}))
c = Context(prec=6)
print(c.prec, c.rounding, c.Emin, c.Emax, c.capitals, c.clamp, c.Etiny(), c.Etop(), c.radix())
print(c.flags)
print(c.traps)
print(c.traps[InvalidOperation], c.flags[Inexact], len(c.flags), Inexact in c.flags, list(c.traps.values()))
print(c.divide(Decimal(1), Decimal(7)), c.flags[Inexact])
c.clear_flags()
print(c.flags[Inexact], c)
c.clear_traps()
print(c.divide(1, 0), c)
d = c.copy()
d.prec = 3
print(c.prec, d.prec, d.add(Decimal('1.2345'), 1), c.add(Decimal('1.2345'), 1))
print(c.create_decimal('1.23456789'), c.create_decimal(), c.create_decimal(10**20), c.create_decimal_from_float(0.1))
try:
    Context(prec=3).create_decimal('NaN12345')
except InvalidOperation as e:
    print(repr(e))
print(Context(prec=3, traps=[]).create_decimal('NaN12345'), Context(prec=3).create_decimal(Decimal('1E+2')))
print(Context(prec=3, traps=[]).create_decimal('1.2.3'), Context(prec=3).create_decimal(Decimal('12345')))
ctx = Context(prec=4, rounding=ROUND_HALF_UP)
binops = {'add': ctx.add, 'subtract': ctx.subtract, 'multiply': ctx.multiply, 'divide': ctx.divide,
          'divide_int': ctx.divide_int, 'remainder': ctx.remainder, 'divmod': ctx.divmod, 'compare': ctx.compare,
          'max': ctx.max, 'min': ctx.min, 'max_mag': ctx.max_mag, 'min_mag': ctx.min_mag,
          'copy_sign': ctx.copy_sign, 'compare_total': ctx.compare_total, 'quantize': ctx.quantize}
for name, f in binops.items():
    print(name, f(Decimal('12.3456'), Decimal('-1.5')))
print('power', ctx.power(Decimal('1.5'), 3))
unops = {'plus': ctx.plus, 'minus': ctx.minus, 'abs': ctx.abs, 'sqrt': ctx.sqrt, 'normalize': ctx.normalize,
         'to_integral': ctx.to_integral, 'to_integral_value': ctx.to_integral_value,
         'to_integral_exact': ctx.to_integral_exact, 'to_sci_string': ctx.to_sci_string,
         'to_eng_string': ctx.to_eng_string}
for name, f in unops.items():
    print(name, f(Decimal('12.3456E+3')))
print(ctx.flags)

# getcontext/setcontext
old = getcontext()
new = Context(prec=3)
setcontext(new)
print(getcontext() is new, Decimal(2) / 3)
setcontext(old)
print(getcontext() is old, Decimal(2) / 3)
setcontext(BasicContext)
print(getcontext() is BasicContext, getcontext())
setcontext(DefaultContext)
getcontext().prec = 28
try:
    setcontext(5)
except TypeError as e:
    print(e)

# localcontext
with localcontext() as lc:
    lc.prec = 4
    print(Decimal(1) / 7, lc is getcontext())
print(Decimal(1) / 7)
with localcontext(Context(prec=2, rounding=ROUND_UP)) as lc:
    print(Decimal(1) / 7, lc.rounding)
with localcontext(prec=10, rounding=ROUND_FLOOR, traps=[]) as lc:
    print(Decimal(-1) / 7, Decimal(1) / 0, lc)
with localcontext(ctx=ExtendedContext) as lc:
    print(Decimal(1) / 3, Decimal(0) / 0)
try:
    with localcontext(precision=3):
        pass
except TypeError as e:
    print(e)
try:
    with localcontext(prec=3):
        raise KeyError('x')
except KeyError:
    print(getcontext().prec)

# traps raise with the list of signals
for t in [Inexact, Rounded, Underflow, Clamped, Subnormal]:
    with localcontext(traps=[t]) as lc:
        lc.Emin = -5
        for f in [lambda: Decimal(1) / 3, lambda: Decimal('1E-10') / 10, lambda: Decimal('1.00') + 0,
                  lambda: Decimal('0E-20') + 0, lambda: Decimal('1E-6') * 1]:
            try:
                print(t.__name__, f())
            except DecimalException as e:
                print(t.__name__, type(e).__name__, e.args)
with localcontext(traps=[Overflow, Inexact, Rounded]) as lc:
    try:
        Decimal('9E+999999') * 10
    except DecimalException as e:
        print(type(e).__name__, e)
# errors in the arguments
for kw in [dict(prec=0), dict(prec='x'), dict(rounding='round'), dict(Emin=1), dict(Emax=-1),
           dict(capitals=2), dict(clamp=-1), dict(flags=[1]), dict(traps=[ValueError])]:
    try:
        Context(**kw)
    except (ValueError, TypeError, KeyError) as e:
        print(kw, type(e).__name__, e)
print(issubclass(InvalidOperation, ArithmeticError), issubclass(DivisionByZero, ZeroDivisionError),
      issubclass(DivisionUndefined, ZeroDivisionError), issubclass(ConversionSyntax, InvalidOperation),
      issubclass(Overflow, Inexact), issubclass(Underflow, Subnormal), issubclass(FloatOperation, TypeError),
      issubclass(Clamped, DecimalException), issubclass(DivisionImpossible, InvalidOperation),
      issubclass(InvalidContext, InvalidOperation))
print(InvalidOperation, DivisionByZero.__name__, DecimalException.__module__, Decimal, Context)
print(MAX_PREC, MAX_EMAX, MIN_EMIN, MIN_ETINY, ROUND_HALF_EVEN, ROUND_05UP, HAVE_THREADS)
c = Context()
for name, v in [('prec', 'x'), ('prec', 0), ('prec', 1.5), ('prec', 2**70), ('Emin', 5), ('Emax', -5),
                ('rounding', 'x'), ('capitals', 3), ('clamp', 2), ('foo', 1), ('flags', [KeyError])]:
    try:
        if name == 'prec':
            c.prec = v
        elif name == 'Emin':
            c.Emin = v
        elif name == 'Emax':
            c.Emax = v
        elif name == 'rounding':
            c.rounding = v
        elif name == 'capitals':
            c.capitals = v
        elif name == 'clamp':
            c.clamp = v
        elif name == 'foo':
            c.foo = v
        else:
            c.flags = v
        print(name, 'ok')
    except (TypeError, ValueError, OverflowError, AttributeError, KeyError) as e:
        print(name, type(e).__name__, e)
try:
    del c.prec
except AttributeError as e:
    print(e)
c.prec = True
c.traps = {s: s is Inexact for s in c.traps}
c.flags = {s: True for s in c.flags}
print(c, c.traps is c.traps, c.flags == c.flags.copy())
c.traps[Rounded] = 1
c.flags[Inexact] = 0
print(c.traps, c.flags)
print(list(c.flags), dict(c.traps.items()) == c.traps.copy(), c.traps.get(Rounded), c.traps.get(5, 'no'))
try:
    c.flags[ValueError]
except KeyError as e:
    print('KeyError', e)
try:
    Context(flags={Inexact: True})
except KeyError as e:
    print('KeyError', e)
class MyContext(Context):
    def __init__(self, prec):
        super().__init__(prec=prec, rounding=ROUND_DOWN)
        self.label = 'mine'
m = MyContext(3)
print(m.label, m.prec, m.rounding, m.divide(Decimal(2), 3), type(m).__name__, isinstance(m, Context))
with localcontext(m) as lc:
    print(Decimal(2) / 3, type(lc).__name__)
