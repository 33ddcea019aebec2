import re
print(re.findall(r'a{2}', 'aaaaa'), re.findall(r'a{2,}', 'aaaaa a'), re.findall(r'a{,2}', 'aaaaa'))
print(re.findall(r'a{1,2}?', 'aaa'), re.findall(r'<.+?>', '<a><b>'), re.findall(r'<.+>', '<a><b>'))
print(re.findall(r'x{', 'x{'), re.findall(r'x{a}', 'x{a}'), re.findall(r'x{}', 'x{}'))
print(re.findall(r'x{1,', 'x{1,'), re.findall(r'x{,}', 'xx{,}'))
print(re.match(r'\d{3}-\d{4}', '555-1234').group())
print(re.findall(r'(ab)*', 'ababx'), re.findall(r'(?:ab)*?c', 'ababc'))
print(re.match(r'a??b', 'ab').group(), re.match(r'a*?', 'aaa').group() == '')
print(re.findall(r'[0-9]{2,3}', '1 12 123 1234 12345'))
