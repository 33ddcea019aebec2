import re
print(re.findall(r'\w+(?=!)', 'hey! you there! ok'))
print(re.findall(r'(?<=\$)\d+', 'cost $30 or $45, not 50'))
print(re.findall(r'(?<!\$)\b\d+', 'cost $30 or $45, not 50'))
print(re.findall(r'\b(?!un)\w+', 'undo redo unhappy happy'))
print(re.sub(r'(?<=\d)(?=(\d{3})+$)', ',', '1234567'))
print(re.search(r'(?<=ab|cd)x', 'cdx').span())
print(re.findall(r'(?<=(a))b', 'ab cb ab'))
pw = re.compile(r'^(?=.*\d)(?=.*[a-z])(?=.*[A-Z]).{8,}$')
for p in ['abc', 'Password1', 'password1', 'PASSWORD12', 'Passw0rdLong']:
    print(p, bool(pw.match(p)))
