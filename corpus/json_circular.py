import json
a = [1]
a.append(a)
d = {"x": 1}
d["self"] = d
for v in [a, d, [d], {"k": [a]}]:
    for kw in [{}, {"indent": 1}]:
        try:
            json.dumps(v, **kw)
        except ValueError as e:
            print("ValueError:", e)
class O: pass
o = O()
try:
    json.dumps(o, default=lambda x: [x])
except ValueError as e:
    print("ValueError:", e)
try:
    json.dumps(o, default=lambda x: x)
except ValueError as e:
    print("ValueError:", e)
shared = [1, 2]
print(json.dumps([shared, shared, {"a": shared}]))
print(json.dumps([shared, shared], check_circular=False))
try:
    json.dumps(a, check_circular=False)
except RecursionError as e:
    print("RecursionError")
try:
    json.dumps(d, check_circular=False, indent=1)
except RecursionError as e:
    print("RecursionError")
