# A mixed program as a model writes it (session 2026-12-03 spot check).
from collections import namedtuple, OrderedDict, Counter, defaultdict, deque
from datetime import datetime, timedelta, date
import re, math, statistics, itertools, random

class Account:
    __slots__ = ('owner', '_balance', 'history')
    interest = 0.02
    def __init__(self, owner, balance=0.0):
        self.owner = owner
        self._balance = balance
        self.history = []
    @property
    def balance(self):
        return round(self._balance, 2)
    @balance.setter
    def balance(self, v):
        if v < 0:
            raise ValueError(f"negative balance for {self.owner!r}: {v:.2f}")
        self._balance = v
    def deposit(self, amt):
        self.balance = self._balance + amt
        self.history.append(('dep', amt))
        return self
    def __repr__(self):
        return f"{type(self).__name__}({self.owner!r}, {self.balance:,.2f})"
    def __lt__(self, other):
        return self.balance < other.balance
    def __iter__(self):
        yield from self.history

accts = [Account(n, b) for n, b in [('ann', 100), ('bob', 2500.5), ('cy', 0)]]
accts[0].deposit(50).deposit(25.255)
print(sorted(accts), max(accts), min(accts, key=lambda a: a.owner))
print(list(accts[0]), [kind for kind, _ in accts[0]])
try:
    accts[2].balance = -5
except ValueError as e:
    print("error:", e)
try:
    accts[0].nickname = 'x'
except AttributeError as e:
    print("error:", e)
Point = namedtuple('Point', 'x y', defaults=[0])
p = Point(3)
print(p, p._replace(y=4), p._asdict(), Point._fields, Point._field_defaults)
print(f"{'name':<10}|{'value':>8}|", f"{math.pi:^12.4f}", f"{1234567:_}", f"{0.000123:.2e}", f"{255:#06x}", f"{-3.5:+.1f}")
log = """2024-01-05 10:00:01 ERROR disk full on /dev/sda1
2024-01-05 10:05:00 WARN cpu 93%
2024-01-06 11:00:00 ERROR net down"""
pat = re.compile(r'^(?P<date>\d{4}-\d\d-\d\d) (?P<time>[\d:]+) (?P<lvl>\w+) (?P<msg>.*)$', re.M)
for m in pat.finditer(log):
    d = datetime.strptime(m['date'] + ' ' + m['time'], '%Y-%m-%d %H:%M:%S')
    print(d.strftime('%a %d %b %H:%M'), m.group('lvl').lower(), m.span('msg'), (d - datetime(2024, 1, 1)).days)
by = defaultdict(list)
for m in pat.finditer(log):
    by[m['lvl']].append(m['msg'])
print(dict(by), Counter(m['lvl'] for m in pat.finditer(log)).most_common())
data = [2, 4, 4, 4, 5, 5, 7, 9]
print(statistics.mean(data), statistics.median(data), statistics.pstdev(data), statistics.mode(data), statistics.quantiles(data, n=4))
print(list(itertools.pairwise(data))[:3], list(itertools.combinations('abc', 2)), list(itertools.accumulate(data, max)))
random.seed(42)
print(random.sample(range(100), 5), random.choice('xyz'), round(random.gauss(0, 1), 6), random.randint(1, 6))
print(divmod(-7, 2), round(2.5), round(3.5), round(-0.5), 7 // -2, -7 % 3, 2 ** -1, int('0b101', 0), float('1e-3'))
matrix = [[1, 2, 3], [4, 5, 6]]
print(list(zip(*matrix)), [list(r) for r in zip(*matrix)], sum(map(sum, matrix)), any(x > 5 for r in matrix for x in r))
dq = deque(maxlen=3)
for i in range(5):
    dq.append(i)
print(dq, dq.maxlen, OrderedDict(a=1, b=2).popitem(last=False))
print(date(2024, 2, 28) + timedelta(days=2), date(2024, 3, 1).isocalendar(), date.fromisoformat('2024-12-25').weekday())
print("{:>6} {:<6} {:^6}".format('a', 'b', 'c'), "%-5s|%5.1f|%03d" % ('ab', 2.25, 7), 'x'.join(sorted({'b', 'a', 'c'})))
s = "Hello, World"
print(s.casefold(), s.swapcase(), s.partition(', '), s.rsplit('o', 1), s[::-1], s.count('l'), s.find('W'), s.title(), s.zfill(15))
