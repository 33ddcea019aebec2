from datetime import datetime, timedelta, time, date

RATE = 18.50
NIGHT_START, NIGHT_END = time(22), time(6)
shifts = """
alice 2024-03-04 08:00 2024-03-04 16:30
alice 2024-03-05 21:00 2024-03-06 05:30
alice 2024-03-07 09:15 2024-03-07 19:45
alice 2024-03-09 10:00 2024-03-09 14:00
bob   2024-03-04 22:00 2024-03-05 07:00
bob   2024-03-05 22:00 2024-03-06 07:00
bob   2024-03-06 22:00 2024-03-07 06:00
bob   2024-03-10 12:00 2024-03-10 20:30
carol 2024-03-08 23:30 2024-03-09 00:15
carol 2024-02-29 08:00 2024-02-29 17:00
""".strip().splitlines()

def night_part(start, end):
    """How much of [start, end) falls between 22:00 and 06:00."""
    total = timedelta(0)
    day = start.date() - timedelta(days=1)
    while datetime.combine(day, time()) < end:
        ns = datetime.combine(day, NIGHT_START)
        ne = datetime.combine(day + timedelta(days=1), NIGHT_END)
        lo, hi = max(start, ns), min(end, ne)
        if hi > lo:
            total += hi - lo
        day += timedelta(days=1)
    return total

pay = {}
for line in shifts:
    who, d1, t1, d2, t2 = line.split()
    start = datetime.strptime(d1 + " " + t1, "%Y-%m-%d %H:%M")
    end = datetime.fromisoformat(d2 + "T" + t2)
    length = end - start
    night = night_part(start, end)
    weekend = start.weekday() >= 5
    hours = length / timedelta(hours=1)
    nh = night.total_seconds() / 3600
    amount = hours * RATE + nh * RATE * 0.25 + (hours * RATE * 0.5 if weekend else 0)
    week = start.isocalendar()[:2]
    print("%-5s %s %s-%s %5.2fh night %4.2fh%s  $%7.2f  wk %d-%02d" % (
        who, start.strftime("%a %d %b"), start.strftime("%H:%M"), end.strftime("%H:%M"),
        hours, nh, " weekend" if weekend else "", amount, *week))
    acc = pay.setdefault(who, {"hours": timedelta(0), "amount": 0.0, "days": set()})
    acc["hours"] += length
    acc["amount"] += amount
    acc["days"].add(start.date())
for who in sorted(pay):
    acc = pay[who]
    days = sorted(acc["days"])
    print(who, acc["hours"], "= %.2f h" % (acc["hours"].total_seconds() / 3600),
          "$%.2f" % acc["amount"], "days:", ", ".join(d.strftime("%m/%d") for d in days),
          "span", (days[-1] - days[0]).days + 1, "days")
overtime = {w: max(timedelta(0), a["hours"] - timedelta(hours=24)) for w, a in pay.items()}
print({w: str(o) for w, o in sorted(overtime.items())})
