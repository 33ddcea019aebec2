from datetime import datetime

rows = ["2024-01-05 10:00", "2024-01-06 11:30", "2024-13-01 09:00"]
parsed = []
for r in rows:
    parsed.append(datetime.strptime(r, "%Y-%m-%d %H:%M"))
    print("ok", parsed[-1])
