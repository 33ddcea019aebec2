import re
from collections import Counter, defaultdict

LOG = """127.0.0.1 - - [10/Oct/2023:13:55:36 +0000] "GET /index.html HTTP/1.1" 200 2326
192.168.1.5 - alice [10/Oct/2023:13:56:01 +0000] "POST /api/login HTTP/1.1" 401 128
10.0.0.7 - - [10/Oct/2023:13:57:12 +0000] "GET /images/logo.png HTTP/1.1" 304 0
192.168.1.5 - alice [10/Oct/2023:13:58:45 +0000] "POST /api/login HTTP/1.1" 200 512
garbage line that does not match
127.0.0.1 - - [10/Oct/2023:14:01:02 +0000] "GET /index.html HTTP/1.1" 200 2326
10.0.0.7 - bob [10/Oct/2023:14:02:33 +0000] "DELETE /api/items/42 HTTP/1.1" 500 73
"""

pattern = re.compile(
    r'(?P<ip>\d{1,3}(?:\.\d{1,3}){3}) - (?P<user>\S+) \[(?P<ts>[^\]]+)\] '
    r'"(?P<method>[A-Z]+) (?P<path>\S+) HTTP/(?P<ver>[\d.]+)" (?P<status>\d{3}) (?P<size>\d+)'
)

by_status = Counter()
bytes_by_ip = defaultdict(int)
bad = 0
for line in LOG.splitlines():
    m = pattern.match(line)
    if not m:
        bad += 1
        print("unparsed:", repr(line))
        continue
    d = m.groupdict()
    by_status[d["status"]] += 1
    bytes_by_ip[d["ip"]] += int(d["size"])
    hour = re.search(r':(\d\d):\d\d:\d\d', d["ts"]).group(1)
    print(f'{d["method"]:6} {d["path"]:20} {d["status"]} user={d["user"]!r} hour={hour}')

print(sorted(by_status.items()))
for ip, n in sorted(bytes_by_ip.items(), key=lambda kv: -kv[1]):
    print(ip, n)
print("bad lines:", bad)
errors = [m.group("path") for m in pattern.finditer(LOG) if m.group("status").startswith("5")]
print(errors)
