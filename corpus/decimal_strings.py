# str, repr and to_eng_string across exponents, capitals, clamp and DecimalTuple round trips
from decimal import *

for e in range(-12, 13):
    for c in ['1', '12', '123', '1234567', '0', '10', '100']:
        d = Decimal((0, tuple(int(x) for x in c), e))
        n = -d
        print(e, c, str(d), d.to_eng_string(), repr(n), n.to_eng_string(), Decimal(str(d)) == d,
              Decimal(d.as_tuple()) == d, d.as_tuple() == Decimal(str(d)).as_tuple())
c = Context(capitals=0)
setcontext(c)
print(str(Decimal('1E+20')), repr(Decimal('-1.5E-20')), Decimal('1E+20').to_eng_string(), c.to_sci_string(Decimal('12E+7')))
print(c.to_eng_string(Decimal('-123E-9')), format(Decimal('1E+20'), ''), f'{Decimal("1E-20")}')
setcontext(DefaultContext)
print(str(Decimal('1E+20')), Context(capitals=0).to_sci_string(Decimal('1E+20')))
for s in ['sNaN', 'NaN123', '-NaN', 'Infinity', '-Infinity', '-0', '0E-1000', '-0E+1000']:
    d = Decimal(s)
    print(s, str(d), repr(d), d.to_eng_string(), d.as_tuple())
