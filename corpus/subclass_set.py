# Subclassing set: an overridden add, an added method, and the types the
# set operators return.
class Tags(set):
    def add(self, tag):
        super().add(tag.strip().lower())
    def render(self):
        return ",".join(sorted(self))

t = Tags()
for raw in [" Python", "c ", "PYTHON", "go"]:
    t.add(raw)
print(t.render(), len(t), "python" in t)
print(type(t | {"x"}).__name__, sorted(t & {"go", "c"}))

