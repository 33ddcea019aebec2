import re

phone = re.compile(r"""
    ^\(?(\d{3})\)?   # area code, maybe in parentheses
    [\s.-]?          # separator
    (\d{3})          # exchange
    [\s.-]?          # separator
    (\d{4})$         # number
""", re.VERBOSE)
for s in ["(555) 123-4567", "555.123.4567", "5551234567", "555-12-34567"]:
    m = phone.match(s)
    print(s, "->", m.groups() if m else None)

num = re.compile(r"""(?x)
    [-+]?        # sign
    (\d+ \.? \d*  # int or decimal
     | \.\d+)     # or only fraction
    ([eE][-+]?\d+)?  # exponent
""")
print([m.group() for m in num.finditer("1.5 -2 +.25 3e10 x 7.e-3")])
print(re.findall(r'a b # comment', 'ab a b', re.X))
print(re.findall(r'a\ b', 'ab a b', re.X))
print(re.findall(r'[ ]x', ' x x', re.X))
print(re.findall(r'(?x: a b ) c', 'abc ab c'))
