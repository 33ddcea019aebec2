# json_dumps: json.dumps of three shapes of document, many times: a flat
# record of mixed scalars (with escapes and non-ASCII text), a deep nesting
# of lists and dicts, and a long list of small records; compact, indented
# and sorted-key output.
import json

ROUNDS = 280

RECORD = {"id": 123456, "name": "caf\u00e9 \"quoted\"\ttab", "ok": True, "none": None,
          "ratio": 0.125, "big": 2 ** 62, "neg": -17, "tags": ["a", "b\n", "\u2603"]}
NESTED = {"level": 0}
cur = NESTED
for i in range(1, 60):
    nxt = {"level": i, "items": [i, str(i), [i * 0.5]]}
    cur["child"] = nxt
    cur = nxt
ROWS = [{"key": "k%04d" % i, "value": i * 3, "score": i / 7, "flag": i % 3 == 0} for i in range(300)]

size = 0
digest = 0
for _ in range(ROUNDS):
    for doc in (RECORD, NESTED, ROWS):
        for text in (json.dumps(doc), json.dumps(doc, indent=2), json.dumps(doc, sort_keys=True),
                     json.dumps(doc, ensure_ascii=False, separators=(",", ":"))):
            size += len(text)
            digest = (digest * 131 + sum(map(ord, text[-40:]))) % 1000000007
print(size, digest)
print(json.dumps(RECORD, sort_keys=True))
