import re
p = re.compile(r'\w+')
print(p.fullmatch('hello'), p.fullmatch('hello world'), p.fullmatch('hello world', 6))
print(p.fullmatch('hello world', 0, 5), p.match('hello world', 6).span())
m = p.search('hello world', 3, 8)
print(m, m.pos, m.endpos)
print(re.fullmatch(r'a|ab', 'ab'), re.fullmatch(r'(a|ab)(c|bcd)', 'abcd').groups())
print(re.fullmatch(r'.*', ''), re.fullmatch(r'', ''), re.fullmatch(r'x*', 'xy'))
print(p.search('abc', 2, 1))
