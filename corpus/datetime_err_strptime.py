from datetime import datetime

stamps = ["2024-01-05 10:30", "2024-01-06 11:45", "2024/01/07 09:15"]
for s in stamps:
    print(datetime.strptime(s, "%Y-%m-%d %H:%M"))
