# A mixed program as a model writes it (session 2026-12-03 spot check).
from datetime import datetime, date, timedelta, time, timezone
import statistics, math, re, itertools, collections, random, time as tm, unicodedata, stat
d1 = datetime(2024, 3, 10, 14, 30)
print(d1 + timedelta(days=1, hours=-3), d1.replace(month=12) - d1, (d1 - datetime(2024, 1, 1)).total_seconds())
print(d1.strftime('%A %B %d %Y %I:%M %p %j %U %W'), d1.isoformat(timespec='minutes'), d1.timestamp() if d1.tzinfo else 'naive')
print(date(2024, 2, 29).replace(year=2025) if False else date(2024, 2, 29) + timedelta(days=365), date.today().year > 2000)
print(datetime.strptime('03/15/24 09:05', '%m/%d/%y %H:%M'), datetime.fromisoformat('2024-05-06T07:08:09+02:00'))
print(sorted([date(2024, 1, 5), date(2023, 12, 31)]), max(timedelta(1), timedelta(hours=30)), timedelta(seconds=3661))
print(divmod(timedelta(hours=25), timedelta(days=1)), timedelta(days=1) / timedelta(hours=1), abs(timedelta(-1, 5)))
print(f"{d1:%Y-%m-%d}", format(date(2024, 1, 1), '%d.%m.%Y'), time(13, 5).strftime('%H:%M'), datetime(2024, 1, 1, tzinfo=timezone(timedelta(hours=-5))).utcoffset())
words = re.findall(r"\b\w+\b", "The cat sat on the mat. The end!".lower())
print(collections.Counter(words).most_common(2), sorted(set(words), key=words.index))
print(re.split(r'[,;]\s*', 'a, b;c,  d'), re.sub(r'(\w+)@(\w+)\.com', r'\2:\1', 'x@y.com z@w.com'), re.match(r'(?i)HELLO', 'hello world').group())
print(re.fullmatch(r'\d{3}-\d{4}', '555-1234') is not None, re.search(r'(?P<n>\d+)', 'abc 42 def')['n'], re.escape('a.b*c'))
print(statistics.median_low([1, 3, 5, 7]), statistics.harmonic_mean([40, 60]), statistics.variance([1.5, 2.5, 2.5, 2.75, 3.25, 4.75]))
print(math.isqrt(99), math.gcd(12, 18, 24), math.lcm(4, 6), math.prod([1, 2, 3, 4]), math.dist((0, 0), (3, 4)), math.fsum([0.1] * 10), math.perm(5, 2))
print(list(itertools.starmap(pow, [(2, 3), (3, 2)])), list(itertools.zip_longest('ab', 'xyz', fillvalue='-')), list(itertools.compress('abcd', [1, 0, 1, 0])))
print(list(itertools.takewhile(lambda x: x < 3, [1, 2, 3, 1])), list(itertools.dropwhile(lambda x: x < 3, [1, 2, 3, 1])), list(itertools.filterfalse(None, [0, 1, '', 'a'])))
print([list(g) for k, g in itertools.groupby('aabbbc')], list(itertools.repeat('x', 3)), list(itertools.cycle('ab'))[:0] if False else list(itertools.islice(itertools.cycle('ab'), 5)))
random.seed(7)
items = list(range(10)); random.shuffle(items)
print(items, random.choices('abc', weights=[1, 2, 3], k=5), random.uniform(1, 2), random.triangular(0, 10, 3), random.betavariate(2, 3))
print(unicodedata.name('€'), unicodedata.normalize('NFD', 'é') == 'e\u0301', unicodedata.category('9'), stat.S_ISREG(0o100644), stat.filemode(0o40755))
print(tm.strftime('%Y', tm.gmtime(0)), tm.gmtime(86400 * 365).tm_year, type(tm.time()).__name__, tm.mktime(tm.gmtime(0)) if False else 'ok')
dd = collections.defaultdict(lambda: collections.defaultdict(int))
for a, b in [('x', 1), ('y', 2), ('x', 3)]:
    dd[a][b] += b
print({k: dict(v) for k, v in dd.items()})
memo = {}
def fib(n):
    if n in memo: return memo[n]
    memo[n] = r = n if n < 2 else fib(n - 1) + fib(n - 2)
    return r
print(fib(90), len(memo), sum(x * x for x in range(10) if x % 3), {x: x ** 2 for x in range(5) if x != 2})
print('%-10s|%8.3f|%+d|%x|%o|%e|%5.1f%%' % ('name', math.pi, 5, 255, 8, 12345.678, 99.5))
print('{:=^30}'.format(' Report '), '{0:<10}{1:>10.2f}'.format('total', 1234.5), '{:,}'.format(10**9), '{:.1%}'.format(0.256))
