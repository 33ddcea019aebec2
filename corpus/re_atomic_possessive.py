import re
print(re.match(r'a++b', 'aaab'), re.match(r'a++a', 'aaa'))
print(re.match(r'(?>a+)b', 'aaab'), re.match(r'(?>a+)a', 'aaa'))
print(re.findall(r'\d*+\.', '12. 3.'))
print(re.match(r'x?+x', 'x'), re.match(r'x{1,3}+x', 'xxxx').group())
print(re.fullmatch(r'"(?>[^"\\]+|\\.)*"', r'"a\"b"'))
