import re
print("before")
re.compile(r'(?P<year>\d{4}')
print("after")
