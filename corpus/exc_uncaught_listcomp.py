# Uncaught error inside a list comprehension in a method; 3.11 shows the
# comprehension's own frame.
class Grades:
    def __init__(self, raw):
        self.raw = raw
    def scores(self):
        return [int(x) * 10 for x in self.raw.split(",")]

print(Grades("1,2,3").scores())
print(Grades("4,x").scores())
