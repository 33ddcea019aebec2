from datetime import datetime, timezone

start = datetime(2024, 1, 1, 9, 0)
end = datetime(2024, 1, 1, 17, 0, tzinfo=timezone.utc)
print("start", start)
print("duration", end - start)
