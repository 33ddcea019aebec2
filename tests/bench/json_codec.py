# json: dumps and loads of a 3 MB document, and dumps with indent and sort_keys
import json

doc = []
for i in range(20000):
    doc.append({"id": i, "name": "item %d" % i, "price": i * 1.25, "tags": ["a", "b", "c\u00e9"],
                "active": i % 2 == 0, "meta": {"x": None, "y": [1, 2, 3], "z": "hello world"}})
total = 0
for _ in range(5):
    s = json.dumps(doc)
    total += len(s)
for _ in range(5):
    back = json.loads(s)
    total += len(back)
for _ in range(2):
    total += len(json.dumps(back, indent=2, sort_keys=True))
print(total, back == doc, back[7])
