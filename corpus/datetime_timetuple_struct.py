import datetime, time
d = datetime.date(2024, 3, 31)
t = d.timetuple()
print(t, t.tm_yday, t.tm_zone, t.tm_gmtoff, type(t).__name__, len(t), t[7])
dt = datetime.datetime(2024, 7, 1, 12, 30, 5, tzinfo=datetime.timezone(datetime.timedelta(hours=2)))
print(dt.timetuple(), dt.utctimetuple(), dt.utctimetuple().tm_hour)
print(time.strftime("%Y-%j", d.timetuple()), time.mktime(datetime.datetime(2020, 1, 1).timetuple()))
print(datetime.datetime(2024, 1, 1).timetuple() == (2024, 1, 1, 0, 0, 0, 0, 1, -1), tuple(t))
