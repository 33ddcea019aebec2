import re

CONFIG = """
; comment line
[server]
host = 127.0.0.1
port=8080
debug = true

[database]
# another comment
url = postgres://user:pw@db:5432/app
pool_size = 10
bad line here
[empty]
"""
section_re = re.compile(r'^\[(?P<name>[^\]]+)\]\s*$')
kv_re = re.compile(r'^(?P<key>[\w.]+)\s*=\s*(?P<value>.*?)\s*$')
config = {}
current = None
for lineno, line in enumerate(CONFIG.splitlines(), 1):
    if not line.strip() or re.match(r'\s*[;#]', line):
        continue
    m = section_re.match(line)
    kv = kv_re.match(line)
    if m:
        current = config.setdefault(m['name'], {})
    elif kv and current is not None:
        m = kv
        value = m['value']
        if re.fullmatch(r'-?\d+', value):
            value = int(value)
        elif re.fullmatch(r'(?i)true|false', value):
            value = value.lower() == 'true'
        current[m['key']] = value
    else:
        print(f"line {lineno}: cannot parse {line!r}")
print(config)
url = re.match(r'(?P<scheme>\w+)://(?P<user>[^:]+):(?P<pw>[^@]+)@(?P<host>[^:/]+):(?P<port>\d+)/(?P<db>\w+)',
               config['database']['url'])
print(url.groupdict())
