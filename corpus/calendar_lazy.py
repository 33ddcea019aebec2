# calendar.Calendar's iterators are generators: the call binds the
# arguments (a TypeError then), the body's errors (a bad month, a bad
# firstweekday) come at the first next().
import calendar

c = calendar.Calendar()
methods = {"itermonthdates": c.itermonthdates, "itermonthdays": c.itermonthdays,
           "itermonthdays2": c.itermonthdays2, "itermonthdays3": c.itermonthdays3,
           "itermonthdays4": c.itermonthdays4}
for name, method in methods.items():
    g = method(2024, 13)
    print(name, "made", type(g).__name__, repr(g).split(" at ")[0])
    try:
        next(g)
    except Exception as e:
        print(name, type(e).__name__, e)
    print(list(g))
    try:
        method(2024)
    except TypeError as e:
        print(e)
c.firstweekday = "x"
g = c.iterweekdays()
print("iterweekdays made", repr(g).split(" at ")[0])
try:
    next(g)
except TypeError as e:
    print("TypeError", e)
c = calendar.Calendar(6)
g = c.itermonthdays2(2024, 2)
print(next(g), next(g))
print(next(g), len(list(g)))
print(list(calendar.Calendar(2).iterweekdays()))

class Logged(calendar.Calendar):
    def itermonthdays3(self, year, month):
        print("itermonthdays3 runs")
        return super().itermonthdays3(year, month)

g = Logged().itermonthdates(2024, 1)
print("made")
print(next(g))
