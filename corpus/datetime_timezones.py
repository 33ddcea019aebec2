# Fixed-offset time zones, conversions, naive vs aware rules, a user tzinfo.
from datetime import datetime, timedelta, timezone, tzinfo, time

utc = timezone.utc
ist = timezone(timedelta(hours=5, minutes=30), "IST")
pst = timezone(timedelta(hours=-8))
odd = timezone(timedelta(hours=-3, minutes=-30, seconds=-15))
print(utc, ist, pst, odd, repr(utc), repr(ist), repr(pst))
print(ist.utcoffset(None), pst.tzname(None), odd.tzname(None), utc.dst(None), timezone.min, timezone.max)

meeting = datetime(2024, 11, 3, 9, 30, tzinfo=pst)
for tz in (utc, ist, pst, odd):
    local = meeting.astimezone(tz)
    print(f"{local.tzname():>14}: {local}  {local:%Y-%m-%d %H:%M %z}  {local.isoformat()}")
print(meeting.timestamp(), datetime.fromtimestamp(meeting.timestamp(), tz=ist))
print(meeting == meeting.astimezone(ist), hash(meeting) == hash(meeting.astimezone(ist)))
print(meeting - datetime(2024, 11, 3, 9, 30, tzinfo=utc))
print(sorted([meeting, meeting.astimezone(ist) - timedelta(minutes=1), datetime(2024, 11, 3, 17, 31, tzinfo=utc)]))


class Fixed(tzinfo):
    def __init__(self, hours, name):
        self.off = timedelta(hours=hours)
        self.name = name

    def utcoffset(self, dt):
        return self.off

    def dst(self, dt):
        return timedelta(0)

    def tzname(self, dt):
        return self.name

    def __repr__(self):
        return f"Fixed({self.name})"


cet = Fixed(1, "CET")
d = datetime(2024, 1, 1, 12, tzinfo=cet)
print(d, repr(d), d.utcoffset(), d.tzname(), d.dst(), d.strftime("%H:%M %Z%z"))
print(d.astimezone(utc), d.astimezone(ist), datetime(2024, 1, 1, 11, tzinfo=utc).astimezone(cet))
print(d == datetime(2024, 1, 1, 11, tzinfo=utc), d < datetime(2024, 1, 1, 11, 1, tzinfo=utc))
t = time(8, 15, tzinfo=ist)
print(t, t.isoformat(), t.utcoffset(), t.tzname(), t.replace(tzinfo=None), repr(t))
naive = datetime(2024, 1, 1, 12)
print(naive == d, naive != d)
for op in ("<", "-"):
    try:
        print(naive < d if op == "<" else naive - d)
    except TypeError as e:
        print("TypeError:", e)
try:
    time(1) < time(1, tzinfo=utc)
except TypeError as e:
    print("TypeError:", e)
for bad in [timedelta(hours=24), timedelta(hours=-25)]:
    try:
        timezone(bad)
    except ValueError as e:
        print("ValueError:", e)
try:
    datetime(2024, 1, 1, tzinfo="UTC")
except TypeError as e:
    print("TypeError:", e)
print(datetime(2024, 5, 5, 5, 5, 5, tzinfo=utc).replace(tzinfo=None), naive.replace(tzinfo=ist))
print(datetime.fromisoformat("2024-05-05T05:05:05-07:00").astimezone(utc))
