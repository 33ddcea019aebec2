import statistics

responses = ["agree", "neutral", "agree", "disagree", "agree", "strongly agree",
             "neutral", "agree", "disagree", "neutral"]
print("mode:", statistics.mode(responses))
print("multimode:", statistics.multimode(responses))
ratings = [4, 5, 3, 4, 4, 2, 5, 5, 3, 4, 1, 5]
print("mode rating:", statistics.mode(ratings), "multimode:", statistics.multimode(ratings))
print("median:", statistics.median(ratings), "low:", statistics.median_low(ratings), "high:", statistics.median_high(ratings))
print("grouped median:", statistics.median_grouped(ratings))
ages = [23, 25, 31, 35, 38, 41, 44, 47, 52, 58, 61, 67]
for n in (2, 3, 4, 5):
    print(n, statistics.quantiles(ages, n=n), statistics.quantiles(ages, n=n, method="inclusive"))
counts = {}
for r in ratings:
    counts[r] = counts.get(r, 0) + 1
print(sorted(counts.items()))
print(statistics.mode("mississippi"), statistics.multimode("mississippi"))
print(statistics.mode([(1, 2), (1, 2), (3, 4)]), statistics.median(["b", "a", "c"]))
