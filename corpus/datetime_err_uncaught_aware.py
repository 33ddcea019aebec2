from datetime import datetime, timezone, timedelta

def overlap(a_start, a_end, b_start, b_end):
    return max(a_start, b_start) < min(a_end, b_end)

utc = timezone.utc
meetings = [
    (datetime(2024, 5, 1, 9, tzinfo=utc), datetime(2024, 5, 1, 10, tzinfo=utc)),
    (datetime(2024, 5, 1, 9, 30, tzinfo=utc), datetime(2024, 5, 1, 11, tzinfo=utc)),
    (datetime(2024, 5, 1, 10, 30), datetime(2024, 5, 1, 12)),
]
for i in range(len(meetings)):
    for j in range(i + 1, len(meetings)):
        print(i, j, overlap(*meetings[i], *meetings[j]))
