# A string that carries tags, built on UserString
from collections import UserString


class Tagged(UserString):
    """Text plus a set of tags; str operations keep the tags."""

    def __init__(self, seq, tags=()):
        super().__init__(seq)
        self.tags = frozenset(tags) | getattr(seq, "tags", frozenset())

    def tagged(self, *tags):
        return Tagged(self.data, self.tags | set(tags))

    def has(self, tag):
        return tag in self.tags

    def __repr__(self):
        return f"Tagged({self.data!r}, tags={sorted(self.tags)})"


title = Tagged("  Quarterly Report  ", {"doc"}).tagged("draft")
print(repr(title), title.has("draft"), title.has("final"))
clean = title.strip().upper()
print(repr(clean), type(clean).__name__)
parts = Tagged("alpha,beta,gamma", ["csv"]).split(",")
print(parts, type(parts[0]).__name__)
joined = Tagged("-", ["sep"]).join(parts)
print(repr(joined), type(joined).__name__)
combo = title + " (v2)"
print(repr(combo), repr(combo[2:10]), repr(combo * 2 if False else combo.center(30, ".")))
print(title == "  Quarterly Report  ", title.strip() == Tagged("Quarterly Report"), len(title), "Report" in title)
words = [Tagged(w, {"word"}) for w in "the quick brown fox".split()]
print(sorted(words), max(words), [w.title() for w in words][:2])
index = {}
for w in words:
    index.setdefault(w[0], []).append(w.data)
print(index)
print(f"{title!s}|{title!r}|{str(title):>25}|", "%s!" % title.strip(), str(title).strip())
print(title.find("Report"), title.replace("Report", "Summary"), title.startswith("  Q"), title.isspace())
tt = Tagged(title, {"copy"})
print(repr(tt), tt is title, tt.data is title.data)
try:
    Tagged("x").index("y")
except ValueError as e:
    print("ValueError:", e)
print(sum(len(w) for w in words), " ".join(map(str, words)), list(Tagged("ab"))[0].tags)
