# Assignment expressions: statements, functions, closures, comprehensions
# (binding in the enclosing scope), generator expressions, f-strings.
import re
data = [3, 8, 1, 9, 4]
if (n := len(data)) > 3:
    print("long list", n)
while (item := data.pop()) != 1:
    print("popped", item)
print(item, data)

def stats(xs):
    total = 0
    evens = [y for x in xs if (y := x * 2) > 4]
    print("last y", y, evens)
    running = [total := total + x for x in xs]
    print(running, total)
    return [(m := max(xs)), m * 2]
print(stats([1, 2, 3, 4]))

def outer():
    found = None
    def inner(words):
        nonlocal found
        if any((found := w).startswith("b") for w in words):
            return found
    print(inner(["apple", "banana", "cherry"]), found)
    return [[(z := a * b) for a in range(3)] for b in range(2)], z
print(outer())

print([(w := k) for k in "abc"], w)
print({k: (last := v) for k, v in {"a": 1, "b": 2}.items()}, last)
print(sum(q for x in range(5) if (q := x * x) % 2), q)
m = re.search(r"\d+", "abc 123 def")
if (m := re.search(r"(\d+)", "abc 123")) is not None:
    print(m.group(1))
f = lambda v: (t := v + 1) * t
print(f(3))
x = 10
print(f"{x:=5}|", f"{(x := 7)}", x)
print([j for i in range(3) if (j := i) or True], j)
def g():
    return (h := 5), h
print(g())
results = []
for line in ["a=1", "b", "c=3"]:
    if (eq := line.find("=")) >= 0:
        results.append((line[:eq], int(line[eq + 1:])))
print(results)
