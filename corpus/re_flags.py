import re

print(re.findall(r'hello', 'Hello HELLO hello', re.I))
print(re.findall(r'^\w+', 'one\ntwo\nthree', re.M))
print(re.findall(r'^\w+', 'one\ntwo\nthree'))
print(re.search(r'a.b', 'a\nb'), re.search(r'a.b', 'a\nb', re.S).span())
print(re.findall(r'(?i)abc', 'ABC abc AbC'))
print(re.findall(r'a(?i:b)c', 'abc aBc ABC abC'))
print(re.findall(r'(?i)a(?-i:b)c', 'abc aBc Abc ABC'))
print(re.findall(r'(?s:a.)b|x', 'a\nb x'))
print(re.findall(r'(?m)^x', 'x\nx\ny'))
print(re.compile('(?im)^a').flags == re.I | re.M | re.U)
print(int(re.I), int(re.M), int(re.S), int(re.X), int(re.A), int(re.U), int(re.IGNORECASE | re.MULTILINE))
print(re.compile('x', re.I | re.S).flags)
print(re.findall(r'\w+', 'naïve café', re.A), re.findall(r'\w+', 'naïve café'))
print(re.findall(r'(?a)\d', '1٣2'), re.findall(r'\d', '1٣2'))
print(re.findall(r'(?a:\w)+', 'éab'), re.findall(r'\s', 'a\u00a0b', re.A))
try:
    re.compile('a', re.L)
except ValueError as e:
    print("ValueError:", e)
try:
    re.compile('a', re.A | re.U)
except ValueError as e:
    print("ValueError:", e)
print(re.search(r'\bfoo\b', 'a foo.', re.A).span())
