import re

m = re.match(r'(?P<first>\w+) (?P<last>\w+)(?P<extra> \w+)?', 'Isaac Newton physicist')
print(m)
print(m.group(0), m.group(1, 2), m.group('first', 'last'), m['last'], m[0])
print(m.groups(), m.groupdict())
print(m.start('last'), m.end('last'), m.span('extra'))
print(m.lastindex, m.lastgroup, m.pos, m.endpos, m.string)
print(m.re.pattern)
print(m.regs)
m2 = re.match(r'(a)(b)?', 'a')
print(m2.groups(), m2.groups('-'), m2.span(2), m2.start(2), m2.lastindex)
print(re.match(r'(?P<x>a)(?P<y>b)?', 'a').groupdict('?'))
print(re.match(r'((a)b)', 'ab').lastindex, re.match(r'(a)(b)', 'ab').lastindex)
print(re.match(r'(a)|(b)', 'b').lastindex, re.match(r'a', 'a').lastindex, re.match('a', 'a').lastgroup)
print(bool(m), m is not None)
long = re.search(r'x+', 'x' * 100)
print(long)
print(re.search(r"'", "it's"), re.search(r'"', 'say "hi"'))
try:
    m.group(5)
except IndexError as e:
    print("IndexError:", e)
try:
    m.group('nope')
except IndexError as e:
    print("IndexError:", e)
try:
    m['zz']
except IndexError as e:
    print("IndexError:", e)
print(type(m).__name__, type(m.re).__name__)
print(re.match(r'(\d+)\.(\d+)', '3.14').expand(r'\2.\1'))
