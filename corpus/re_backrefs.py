import re
print(re.findall(r'\b(\w+)\s+\1\b', 'the the cat sat sat down down'))
print(re.sub(r'\b(\w+)(\s+\1\b)+', r'\1', 'this is is is a test test'))
print(re.search(r'(?P<q>[\'"]).*?(?P=q)', 'say "hello" now').group())
print(re.match(r'(a)(?:x\1)+', 'axaxa').group())
print(re.findall(r'(\w)\1', 'aabbcdde'))
print(re.match(r'(?i)(a)\1', 'aA'))
print(re.match(r'(a)|\1', 'x'))
print(re.findall(r'<(\w+)>.*?</\1>', '<b>bold</b> <i>it</i> <u>bad</b>'))
