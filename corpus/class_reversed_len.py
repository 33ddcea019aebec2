# __reversed__ and __len__ + __getitem__ as used by reversed(); len() limits.
class Deck:
    def __init__(self, cards):
        self.cards = list(cards)
    def __len__(self):
        return len(self.cards)
    def __getitem__(self, i):
        return self.cards[i]

class Road:
    def __init__(self, stops):
        self.stops = stops
    def __iter__(self):
        return iter(self.stops)
    def __reversed__(self):
        print("  custom __reversed__")
        return iter(self.stops[::-1] + ["(back)"])

d = Deck("A23K")
print(list(reversed(d)), len(d), d[-1], d[1:3])
print(list(reversed(Road(["x", "y", "z"]))))
print(list(Road(["p", "q"])))
try:
    reversed(iter([1]))
except TypeError as e:
    print("TypeError:", e)

class OnlyIter:
    def __iter__(self):
        yield 1
try:
    reversed(OnlyIter())
except TypeError as e:
    print("TypeError:", e)
