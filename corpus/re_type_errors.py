import re
tests = [
    lambda: re.search('a', 1),
    lambda: re.compile(1),
    lambda: re.match(None, 'a'),
    lambda: re.findall('a', None),
    lambda: re.compile(re.compile('a'), re.I),
    lambda: re.compile('a').search(),
    lambda: re.split('a', 'bab', maxsplit='x'),
]
for t in tests:
    try:
        print(t())
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)
