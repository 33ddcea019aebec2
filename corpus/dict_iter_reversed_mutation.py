# Reversed dict iteration, and what iterators do when the dict changes
# during or after the walk.
scores = {"ann": 3, "bob": 7, "cy": 5, "dee": 1}
print(list(reversed(scores)), list(reversed(scores.values())), list(reversed(scores.items())))
print(type(reversed(scores)).__name__, type(reversed(scores.keys())).__name__,
      type(reversed(scores.values())).__name__, type(reversed(scores.items())).__name__)

# updating values while walking backwards is allowed
for name, value in reversed(scores.items()):
    scores[name] = value * 10
print(scores)


def walk(label, make_iter, change):
    table = {"a": 1, "b": 2, "c": 3}
    it = make_iter(table)
    seen = [next(it)]
    change(table)
    try:
        seen.extend(it)
        print(label, seen)
    except RuntimeError as e:
        print(label, seen, "RuntimeError:", e)
        try:
            next(it)
        except RuntimeError as again:
            print("  and again:", again)


walk("reversed add", lambda t: reversed(t), lambda t: t.update(z=26))
walk("reversed delete", lambda t: reversed(t), lambda t: t.pop("a"))
walk("reversed swap", lambda t: reversed(t), lambda t: (t.pop("a"), t.update(z=26)))
walk("reversed items swap", lambda t: reversed(t.items()), lambda t: (t.pop("c"), t.update(y=25)))
walk("forward add", lambda t: iter(t), lambda t: t.update(z=26))
walk("forward swap", lambda t: iter(t.values()), lambda t: (t.pop("c"), t.update(y=25)))

# an exhausted iterator stays exhausted, whatever happens to the dict
table = {"k": 0}
forward, backward = iter(table), reversed(table)
print(list(forward), list(backward))
table["new"] = 1
print(next(forward, "done"), next(backward, "done"), list(table))

# the __reversed__ methods reversed() uses
from collections import OrderedDict
prices = {"tea": 2, "cake": 4}
ordered = OrderedDict(prices)
print(list(prices.__reversed__()), list(prices.values().__reversed__()), list(prices.items().__reversed__()))
print(type(prices.__reversed__()).__name__, type(ordered.__reversed__()).__name__,
      type(ordered.items().__reversed__()).__name__, list(ordered.keys().__reversed__()))
print(dict.__reversed__, type(prices.keys()).__reversed__, hasattr(prices.values(), "__reversed__"))
