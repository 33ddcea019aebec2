import math
from collections import Counter, defaultdict

def parse_records(lines):
    """Split 'name,score' lines into tuples."""
    records = []
    for line in lines:
        name, _, score = line.partition(",")
        if not name or not score:
            continue
        records.append((name.strip(), float(score)))
    return records


def summarize(records):
    by_name = defaultdict(list)
    for name, score in records:
        by_name[name].append(score)
    summary = {}
    for name, scores in sorted(by_name.items()):
        mean = sum(scores) / len(scores)
        var = sum((s - mean) ** 2 for s in scores) / len(scores)
        summary[name] = {"mean": round(mean, 2), "std": round(math.sqrt(var), 2)}
    return summary


class Histogram:
    def __init__(self, width=10):
        self.width = width
        self.counts = Counter()

    def add(self, value):
        self.counts[int(value // self.width) * self.width] += 1

    def render(self):
        rows = [f"{k:>4}-{k + self.width - 1:<4} {'#' * n}" for k, n in sorted(self.counts.items())]
        return "\n".join(rows)


data = ["alice,91", "bob,78.5", "alice,85", "carol,66", "bob,88", "dave,", "carol,72.25"]
records = parse_records(data)
stats = summarize(records)
for name, s in stats.items():
    print(f"{name:<6} mean={s['mean']:.2f} std={s['std']}")
hist = Histogram(width=10)
for _, score in records:
    hist.add(score)
print(hist.render())
best = max(stats, key=lambda n: stats[n]["mean"])
print("best:", best, stats[best])
