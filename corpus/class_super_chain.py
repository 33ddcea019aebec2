# Cooperative __init__ through multiple inheritance with **kwargs, and
# super(C, self) in the two-argument form.
class Base:
    def __init__(self, **kw):
        print("Base", sorted(kw))
        self.extra = kw

class Named(Base):
    def __init__(self, name="?", **kw):
        print("Named", name)
        self.name = name
        super().__init__(**kw)

class Aged(Base):
    def __init__(self, age=0, **kw):
        print("Aged", age)
        self.age = age
        super().__init__(**kw)

class Person(Named, Aged):
    def __init__(self, **kw):
        print("Person")
        super().__init__(**kw)

p = Person(name="Ann", age=31, city="Oslo")
print(p.name, p.age, p.extra)

class Shape:
    def area(self):
        return 0
    def describe(self):
        return f"{type(self).__name__} with area {self.area()}"

class Square(Shape):
    def __init__(self, s):
        self.s = s
    def area(self):
        return self.s ** 2

class Cube(Square):
    def area(self):
        return 6 * super(Cube, self).area()
    def base_area(self):
        return super(Square, self).area()

c = Cube(2)
print(c.describe(), c.base_area(), Square.area(c))
print(super(Cube, c).area())
