import re

def double(m):
    return str(int(m.group()) * 2)

print(re.sub(r'\d+', double, 'a1 b22 c333'))
print(re.sub(r'[aeiou]', lambda m: m.group().upper(), 'programming is fun'))
prices = "apple $1.50, pear $0.75, melon $3.00"
print(re.sub(r'\$(\d+\.\d\d)', lambda m: f"${float(m.group(1)) * 1.1:.2f}", prices))
counter = [0]
def numbered(m):
    counter[0] += 1
    return f"{m.group(0)}#{counter[0]}"
print(re.sub(r'\bthe\b', numbered, 'the cat and the hat and the bat', flags=re.I))
print(re.subn(r'\s+', lambda m: ' ' if '\n' not in m.group() else '\n', 'a   b\n\n  c\td'))
print(re.sub('x', lambda m: None, 'axbxc'))
def camel(m):
    return m.group(1).upper()
print(re.sub(r'_([a-z])', camel, 'snake_case_to_camel_case'))
print(re.sub(r'(?<!^)(?=[A-Z])', '_', 'CamelCaseToSnake').lower())
try:
    re.sub('a', lambda m: 1, 'xa')
except TypeError as e:
    print("TypeError:", e)
