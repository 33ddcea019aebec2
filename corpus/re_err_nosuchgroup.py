import re
m = re.match(r'(\w+)', 'hello')
print(m.group(1))
print(m.group(2))
