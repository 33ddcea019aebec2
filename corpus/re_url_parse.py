import re

URL = re.compile(r'^(?P<scheme>[a-z][a-z0-9+.-]*)://(?:(?P<user>[^@/]+)@)?(?P<host>[^:/?#]+)'
                 r'(?::(?P<port>\d+))?(?P<path>/[^?#]*)?(?:\?(?P<query>[^#]*))?(?:#(?P<frag>.*))?$', re.I)
for u in ['https://example.com', 'http://user@host:8080/a/b?x=1&y=2#top',
          'ftp://files.example.org/pub/file.txt', 'not a url', 'HTTPS://EXAMPLE.COM/Path']:
    m = URL.match(u)
    if not m:
        print(u, '-> invalid')
        continue
    parts = {k: v for k, v in m.groupdict().items() if v is not None}
    print(parts)
    if parts.get('query'):
        print(dict(re.findall(r'([^&=]+)=([^&]*)', parts['query'])))
