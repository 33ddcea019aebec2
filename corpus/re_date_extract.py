import re

notes = "Meeting on 2024-03-15, follow-up 03/22/2024; deadline 2024-4-1. Also 31.12.2023 and 2024-13-40."
iso = re.compile(r'\b(\d{4})-(\d{1,2})-(\d{1,2})\b')
us = re.compile(r'\b(\d{2})/(\d{2})/(\d{4})\b')
eu = re.compile(r'\b(\d{2})\.(\d{2})\.(\d{4})\b')
dates = []
for m in iso.finditer(notes):
    y, mo, d = map(int, m.groups())
    dates.append((y, mo, d, m.start()))
for m in us.finditer(notes):
    mo, d, y = map(int, m.groups())
    dates.append((y, mo, d, m.start()))
for m in eu.finditer(notes):
    d, mo, y = map(int, m.groups())
    dates.append((y, mo, d, m.start()))
valid = [(y, mo, d) for y, mo, d, _ in sorted(dates, key=lambda t: t[3]) if 1 <= mo <= 12 and 1 <= d <= 31]
for y, mo, d in valid:
    print(f"{y:04d}-{mo:02d}-{d:02d}")
print(iso.sub(lambda m: "{2}/{1}/{0}".format(*m.groups()), notes))
print(re.sub(r'(\d{4})-(\d{2})-(\d{2})', r'\3.\2.\1', '2024-03-15'))
