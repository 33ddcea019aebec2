import re
p = re.compile(r'(<)?(\w+@\w+(?:\.\w+)+)(?(1)>|$)')
for s in ['<user@host.com>', 'user@host.com', '<user@host.com', 'user@host.com>']:
    m = p.match(s)
    print(s, '->', m.group(2) if m else None)
q = re.compile(r'(?P<paren>\()?\d+(?(paren)\))')
print([m.group() for m in q.finditer('(12) 34 (56 78)')])
print(re.match(r'(a)?(?(1)b|c)', 'c').group())
