import re
a = re.compile(r'\d+')
b = re.compile(r'\d+')
print(a is b)
c = re.compile(r'\d+', re.I)
print(a is c)
re.purge()
d = re.compile(r'\d+')
print(a is d, a.pattern == d.pattern)
for i in range(600):
    re.compile('x' + str(i))
print(re.search(r'x599', 'ax599').span())
print(re.match('a', 'a').re is re.compile('a'))
