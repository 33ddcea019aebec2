# Precedence: data descriptors beat the instance's attributes, non-data
# descriptors (only __get__) are shadowed by them.
class NonData:
    def __get__(self, obj, objtype=None):
        return "from non-data descriptor"

class Data:
    def __get__(self, obj, objtype=None):
        return "from data descriptor"
    def __set__(self, obj, value):
        print("  Data.__set__ swallowed", value)

class C:
    nd = NonData()
    d = Data()

c = C()
print(c.nd, c.d)
c.nd = "instance value"
c.d = "instance value"
print(c.nd)
print(c.d)
print(C.nd, C.d)

class Lazy:
    def __init__(self, fn):
        self.fn = fn
        self.name = fn.__name__
    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        value = self.fn(obj)
        setattr(obj, self.name, value)  # safepy: ignore[SP305]
        return value

class Report:
    def __init__(self, rows):
        self.rows = rows
    @Lazy
    def total(self):
        print("  computing total once")
        return sum(self.rows)

r = Report([1, 2, 3])
print(r.total, r.total, r.total)
print(type(Report.total).__name__)
