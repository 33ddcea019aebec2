# Containers always use repr() of their elements, even when print() uses
# str() for the top-level object; nested user objects inside dicts and tuples.
class Tag:
    def __init__(self, name):
        self.name = name
    def __str__(self):
        return self.name
    def __repr__(self):
        return f"Tag({self.name!r})"

class Doc:
    def __init__(self, title, *tags):
        self.title = title
        self.tags = list(tags)
    def __repr__(self):
        return f"Doc({self.title!r}, tags={self.tags!r})"

t = Tag("python")
print(t, [t], (t,), {t.name: t}, {1: [t, (t,)]})
print(str([t]), repr(t), f"{t} {t!r} {[t]}")
d = Doc("guide", t, Tag("classes"))
print(d)
print([d], str(d) == repr(d))
print("%s / %r" % (t, t), "{} / {!r}".format(t, t), "-".join(str(x) for x in d.tags))
print(sorted([Tag("b"), Tag("a")], key=str), max(d.tags, key=lambda x: len(x.name)))
