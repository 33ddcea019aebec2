import json
n = 100000
for s in ["[" * n, "[" * n + "]" * n, '{"a":' * n, "[" * 50 + "1" + "]" * 50]:
    try:
        r = json.loads(s)
        print("ok", type(r).__name__)
    except RecursionError as e:
        print("RecursionError:", e)
a = []
for i in range(n):
    a = [a]
d = {}
for i in range(n):
    d = {"k": d}
for v in [a, d]:
    for kw in [{}, {"indent": 1}, {"check_circular": False}]:
        try:
            json.dumps(v, **kw)
        except RecursionError as e:
            print("RecursionError:", e)
b = [1]
for i in range(8):
    b = [b, {"x": b}]
print(len(json.dumps(b)))
print(json.loads(json.dumps(b)) == b)
