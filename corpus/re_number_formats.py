import re
NUM = re.compile(r'[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][-+]?\d+)?')
text = "Totals: 1,234.56 and -7 and +3.0e5 and 12,34 and 1000000 and .5"
for m in NUM.finditer(text):
    s = m.group()
    print(repr(s), float(s.replace(',', '')))
print(re.sub(r'(\d)(?=(\d{3})+(?!\d))', r'\1,', '1234567890 and 12 and 1234'))
print(re.fullmatch(r'0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+|\d+', '0xFF') is not None)
for s in ['3.14', '-0.5', '1e10', 'abc', '1.2.3', '+7']:
    print(s, bool(re.fullmatch(r'[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?', s)))
