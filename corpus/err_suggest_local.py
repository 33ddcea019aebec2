# NameError suggests a close local name (3.11 "Did you mean")
def average(values):
    total = sum(values)
    count = len(values)
    return totl / count
print(average([1, 2, 3]))
