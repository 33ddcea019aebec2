import re
print(re.escape('http://www.python.org'))
print(re.escape('1.5*2+[x]^(y)$|{z}?\\'))
print(re.escape('a b\tc\nd#e&f~g-h'))
print(re.escape('_underscore_ and ümlaut'))
words = ['c++', 'c#', 'f.x']
pat = re.compile('|'.join(map(re.escape, words)))
print(pat.findall('I know c++, c# and f.x but not fax'))
print(re.search(re.escape('a.c'), 'abc a.c').span())
