# Uncaught exception from inside a with body in a function; __exit__ runs and
# does not suppress.
class Section:
    def __init__(self, title):
        self.title = title
    def __enter__(self):
        print(f"== {self.title} ==")
        return self
    def __exit__(self, et, ev, tb):
        print(f"== end {self.title} ({et.__name__ if et else 'ok'}) ==")

def report(rows):
    with Section("report"):
        for r in rows:
            print(r["name"], r["score"])

report([{"name": "a", "score": 1}])
report([{"name": "b"}])
