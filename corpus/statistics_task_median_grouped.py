import statistics

ages = [52, 52, 53, 54, 54, 54, 55, 55, 56, 57]
print("median:", statistics.median(ages))
print("median_grouped:", statistics.median_grouped(ages))
print("median_grouped interval 1:", statistics.median_grouped(ages, 1))
print("median_grouped interval 5:", statistics.median_grouped(ages, 5))
print("median_grouped floats:", statistics.median_grouped([1.5, 2.5, 2.5, 3.5, 4.5]))
print("median_grouped single:", statistics.median_grouped([7]))
print("median_grouped pair:", statistics.median_grouped([1, 3]))
print("median_grouped repeated:", statistics.median_grouped([3, 3, 3, 3]))
bins = {10: 3, 20: 8, 30: 12, 40: 5, 50: 2}
expanded = [k for k, c in bins.items() for _ in range(c)]
print("histogram median_grouped:", statistics.median_grouped(expanded, interval=10))
print("histogram median:", statistics.median(expanded))
print("histogram mode:", statistics.mode(expanded))
print("median_low/high:", statistics.median_low(expanded), statistics.median_high(expanded))
for data in ([], [1, 2, 3, 4], [1, 2, 3], [1.0, 4.0]):
    for fn in (statistics.median, statistics.median_low, statistics.median_high, statistics.median_grouped):
        try:
            print(fn.__name__, data, fn(data))
        except Exception as e:
            print(fn.__name__, data, type(e).__name__, e)
words = ["pear", "apple", "fig", "kiwi"]
print("median_low strings:", statistics.median_low(words))
print("median_high strings:", statistics.median_high(words))
try:
    print(statistics.median(words))
except Exception as e:
    print("median strings:", type(e).__name__, e)
try:
    print(statistics.median_grouped(["a", "b"]))
except Exception as e:
    print("median_grouped strings:", type(e).__name__, e)
