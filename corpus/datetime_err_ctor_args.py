from datetime import date, time, datetime, timedelta, timezone
for f in [lambda: date(2024,1,1,1), lambda: time(1,2,3,4,None,5,6), lambda: datetime(2024,1,1,fold=0,tzinfo=None,hour=1,minute=1,second=1,microsecond=1,year=1,month=2), lambda: date(2024,1,day=1,month=1), lambda: timedelta(1,2,3,4,5,6,7,8), lambda: date.today(1), lambda: datetime.now(None, 1), lambda: date(2024,1,1).replace(2024,1,1,1), lambda: datetime(2024,1,1).isoformat('T','auto','x'), lambda: datetime(2024,1,1).replace(2024,1,1,1,1,1,1,None,0,7), lambda: datetime.combine(date(2024,1,1), time(), None, 1), lambda: datetime(2024,1,1).astimezone(None, 1), lambda: timezone(timedelta(0), 'a', 'b'), lambda: datetime.strptime('a','b','c')]:
    try: f()
    except TypeError as e: print(e)
