# Subclassing str: extra methods, __new__ normalising the value, and which
# operations return plain str.
class Slug(str):
    def __new__(cls, text):
        cleaned = "-".join(text.lower().split())
        return super().__new__(cls, cleaned)
    def words(self):
        return self.split("-")

s = Slug("  Hello Big   World ")
print(s, repr(s), len(s), s.words(), isinstance(s, str))
print(s.upper(), type(s.upper()).__name__, type(s + "!").__name__, type(s[1:]).__name__)
print(s == "hello-big-world", s.startswith("hello"), {s: 1}["hello-big-world"])
print(f"[{s}]", "%s" % s, str(s) == s, type(str(s)).__name__)

class Name(str):
    def initials(self):
        return "".join(p[0].upper() for p in self.split())
    def __repr__(self):
        return f"Name({str.__repr__(self)})"

n = Name("ada king lovelace")
print(n.initials(), repr(n), [n], n.title())
print(sorted([Name("b"), Name("a"), "c"]))
