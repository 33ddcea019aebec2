# Unicode decimal digits and spaces in Fraction strings, as the pattern and int() take them
from fractions import Fraction as F
for s in ['١٢', '٣/٤', '\u2003 7/8 \u3000', '１２.５', '½', '1\u00a0/2', '\u0661.\u0665e\u0662', 'x١', '1.٥', '\x85 3 \x85', '\u200b1']:
    try:
        print(repr(s), repr(F(s)))
    except ValueError as e:
        print(repr(s), e)
