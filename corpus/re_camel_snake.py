import re

def to_snake(name):
    s = re.sub(r'(.)([A-Z][a-z]+)', r'\1_\2', name)
    return re.sub(r'([a-z0-9])([A-Z])', r'\1_\2', s).lower()

def to_camel(name):
    parts = re.split(r'[_\-\s]+', name)
    return parts[0].lower() + ''.join(p.title() for p in parts[1:])

for n in ['CamelCase', 'getHTTPResponseCode', 'HTTPServer', 'already_snake', 'simple', 'ID2Name']:
    print(n, '->', to_snake(n))
for n in ['snake_case_name', 'kebab-case-name', 'space separated words', 'single']:
    print(n, '->', to_camel(n))
print(re.sub(r'(?<=[a-z])(?=[A-Z])', ' ', 'splitCamelCaseWords'))
print(re.findall(r'[A-Z]?[a-z]+|[A-Z]+(?=[A-Z]|$)|\d+', 'parseXMLDocument2Json'))
