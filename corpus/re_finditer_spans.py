import re

s = "cat bat rat mat"
for m in re.finditer(r'(\w)at', s):
    print(m.start(), m.end(), m.span(), m.group(1), m.span(1))
it = re.finditer(r'\d', 'a1b2')
print(next(it).group(), next(it).group())
try:
    next(it)
except StopIteration:
    print("done")
print([m.group() for m in re.finditer(r'x*', 'axxb')])
print([m.span() for m in re.finditer(r'\b\w', 'hello big world')])
p = re.compile(r'[aeiou]')
print([m.start() for m in p.finditer('education', 2, 8)])
words = "one two three four five"
lengths = {m.group(): m.end() - m.start() for m in re.finditer(r'\w+', words)}
print(lengths)
