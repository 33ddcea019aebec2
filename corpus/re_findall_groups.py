import re

text = "Alice: 30, Bob: 25, Carol: 41"
print(re.findall(r'\d+', text))
print(re.findall(r'(\w+): (\d+)', text))
print(re.findall(r'(\w+): \d+', text))
print(re.findall(r'(a)|(b)', 'abc'))
print(re.findall(r'(a)?b', 'b ab'))
print(re.findall(r'', 'ab'))
print(re.findall(r'a*', 'baaac'))
print(re.findall(r'(?:ab)+', 'ababxab'))
print(re.findall(r'((a)(b))', 'abab'))
ages = {name: int(age) for name, age in re.findall(r'(\w+): (\d+)', text)}
print(ages, sum(ages.values()))
p = re.compile(r'o')
print(p.findall('foo boo zoo', 5), p.findall('foo boo zoo', 1, 6))
print(len(re.findall(r'\w+', 'the quick brown fox jumps over the lazy dog')))
