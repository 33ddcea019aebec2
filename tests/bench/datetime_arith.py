# datetime arithmetic
from datetime import date, datetime, timedelta

# sized for about a second of python3: the whole program, ROUNDS times
ROUNDS = 13
for _round in range(ROUNDS):
    d = date(2020, 1, 1)
    weekdays = [0] * 7
    for i in range(100000):
        weekdays[(d + timedelta(days=i)).weekday()] += 1
    print(weekdays)
    t = datetime(2024, 3, 1, 12, 0)
    total = timedelta()
    for i in range(50000):
        total += (t + timedelta(minutes=i % 1000 * 7)) - t
    print(total, (t + total).isoformat())
