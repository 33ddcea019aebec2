import statistics

sales = [
    ("2024-01", "north", 1200.50), ("2024-01", "south", 980.00),
    ("2024-02", "north", 1350.25), ("2024-02", "south", 1010.75),
    ("2024-03", "north", 1100.00), ("2024-03", "south", 1500.10),
    ("2024-04", "north", 1420.80), ("2024-04", "south", 990.99),
    ("2024-05", "north", 1600.00), ("2024-05", "south", 1230.45),
]
by_region = {}
for month, region, amount in sales:
    by_region.setdefault(region, []).append(amount)

for region, amounts in sorted(by_region.items()):
    print(region)
    print("  total:", round(sum(amounts), 2))
    print("  mean:", statistics.mean(amounts))
    print("  fmean:", statistics.fmean(amounts))
    print("  median:", statistics.median(amounts))
    print("  stdev:", statistics.stdev(amounts))
    print("  pstdev:", statistics.pstdev(amounts))
    print("  variance:", statistics.variance(amounts))
    print("  pvariance:", statistics.pvariance(amounts))
    print("  quantiles excl:", statistics.quantiles(amounts, n=4))
    print("  quantiles incl:", statistics.quantiles(amounts, n=4, method="inclusive"))

amounts = [a for _, _, a in sales]
print("overall median:", statistics.median(amounts))
print("overall mean:", statistics.mean(amounts))
print("percentiles:", statistics.quantiles(amounts, n=100)[::10])
units = [3, 5, 3, 7, 5, 3, 9, 5, 1]
print("units mode:", statistics.mode(units))
print("units multimode:", statistics.multimode(units))
print("units median_grouped:", statistics.median_grouped(units))
print("units median_grouped interval=2:", statistics.median_grouped(units, interval=2))
products = ["widget", "gadget", "widget", "doohickey", "gadget", "widget"]
print("top product:", statistics.mode(products))
print("multimode products:", statistics.multimode(products))
print("multimode empty:", statistics.multimode([]))
prices = [19.99, 24.50, 19.99, 30.00]
qty = [10, 4, 6, 2]
print("weighted avg price:", statistics.fmean(prices, weights=qty))
print("weighted avg price (manual):", sum(p * q for p, q in zip(prices, qty)) / sum(qty))
growth = [1.05, 1.10, 0.97, 1.02]
print("geometric mean growth:", statistics.geometric_mean(growth))
speeds = [60, 40]
print("harmonic mean speed:", statistics.harmonic_mean(speeds))
print("harmonic weighted:", statistics.harmonic_mean([40, 60], weights=[5, 30]))
