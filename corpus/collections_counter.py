from collections import Counter

text = "the quick brown fox jumps over the lazy dog the fox"
words = Counter(text.split())
print(words)
print(words["the"], words["missing"])
print("missing" in words, len(words))
print(words.most_common(3))
print(words.most_common())
print(words.most_common(0), words.most_common(-1))
c = Counter("abracadabra")
print(c)
print(sorted(c.elements()))
print(c.total())
c.update("aaz")
print(c)
c.update({"b": 10, "q": 1})
print(c)
c.subtract("aaa")
print(c)
c.subtract({"z": 5})
print(c)
print(Counter(a=3, b=1), Counter({"x": 2}, y=5) if False else Counter(y=5))
a = Counter(a=3, b=1, c=0)
b = Counter(a=1, b=2, d=4)
print(a + b)
print(a - b)
print(b - a)
print(a | b)
print(a & b)
n = Counter(a=2, b=-3, c=0)
print(+n, -n)
print(Counter(a=1) == Counter(a=1, b=0), Counter(a=1) == {"a": 1}, Counter(a=1) != Counter(a=2))
print(Counter(a=1) <= Counter(a=2), Counter(a=1) < Counter(a=1), Counter(a=3) >= Counter(a=1, b=0))
print(isinstance(c, dict), isinstance(c, Counter), type(c).__name__, type(c))
d = Counter()
print(d, repr(d), bool(d))
d["x"] += 1
d["y"] -= 2
print(d, dict(d))
e = d.copy()
e["x"] = 100
print(d, e, type(e).__name__)
acc = Counter(a=1)
acc += Counter(a=2, b=-1)
print(acc)
acc -= Counter(a=5)
print(acc)
acc2 = Counter(a=5, b=2)
acc2 &= Counter(a=2)
print(acc2)
acc3 = Counter(a=1)
acc3 |= Counter(a=4, b=1)
print(acc3)
nums = [3, 1, 3, 2, 1, 3]
cnt = Counter(nums)
print(cnt.most_common(1)[0][0], max(cnt, key=cnt.get))
print(list(cnt.items()), list(cnt.keys()), list(cnt.values()))
letters = Counter()
for w in ["apple", "banana", "cherry"]:
    letters.update(w)
print(letters.most_common(4))
print(Counter([1, 2, 2]) + Counter([2, 3]))
try:
    Counter(5)
except TypeError as ex:
    print("TypeError", ex)
try:
    Counter(a=1) + {"a": 1}
except TypeError as ex:
    print("TypeError", ex)
try:
    Counter.fromkeys("abc")
except NotImplementedError as ex:
    print("NotImplementedError", ex)
del words["the"]
print(words)
print(words.pop("fox"), words.get("dog"), words.get("cat", 7))
print(sorted(Counter("mississippi").items()))
print(Counter({"a": 1.5, "b": 0.5}).total())
print(Counter(["x", "y", "x"]).most_common(None))
c = Counter(a=2, b=0, c=-1, d=3)
e = c.elements()
print(next(e), list(e), sorted(Counter("banana").elements()))
big = Counter(a=10**30).elements()
try:
    next(big)
except OverflowError as ex:
    print("OverflowError", ex)
f = Counter(a=1.5).elements()
try:
    list(f)
except TypeError as ex:
    print("TypeError", ex)
print(list(Counter().elements()))
