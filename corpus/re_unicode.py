import re

s = "Größe 42 ½ café naïve ٣ 日本語 x_y"
print(re.findall(r'\w+', s))
print(re.findall(r'\d', s))
print(re.findall(r'\w+', s, re.ASCII))
print(re.findall(r'[^\W\d_]+', s))
print(re.sub(r'\s+', ' ', 'a\u2003b\u3000c\x1cd\te'))
print(re.findall(r'\S+', 'a\x1fb c'))
print(re.search(r'é', 'CAFÉ', re.I).group())
print(re.match(r'(?i)straße', 'STRASSE'))
print(re.findall(r'\b\w', 'élan vital über'))
print(re.search(r'[α-ω]+', 'abc αβγ def').group())
m = re.search(r'日本', 'ようこそ日本へ')
print(m.span(), m.group(), m)
print(re.split(r'、', '一、二、三'))
print(re.sub(r'(\w)', r'[\1]', 'añb'))
print(len(re.findall(r'.', '😀a😀')), re.search(r'a', '😀a😀').span())
print(re.findall(r'\N{EM DASH}', 'a—b—c'), re.findall(r'\u00e9', 'é'))
