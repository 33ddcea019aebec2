# An uncaught ConversionSyntax from a bad string: decimal.InvalidOperation
from decimal import Decimal

for text in ['1.5', '2e3', '12,50']:
    print(Decimal(text) * 2)
