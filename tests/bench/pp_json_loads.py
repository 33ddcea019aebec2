# json_loads: json.loads of the text of three shapes of document, many
# times: a flat record with escapes and non-ASCII, a deep nesting, and a
# long array of small objects; the parsed values are checked against the
# originals.
import json

ROUNDS = 1900

RECORD = {"id": 123456, "name": "caf\u00e9 \"quoted\"\ttab", "ok": True, "none": None,
          "ratio": 0.125, "big": 2 ** 62, "neg": -17, "tags": ["a", "b\n", "\u2603", "\ud83d\ude00"]}
NESTED = {"level": 0}
cur = NESTED
for i in range(1, 60):
    nxt = {"level": i, "items": [i, str(i), [i * 0.5, -i * 1e-3]]}
    cur["child"] = nxt
    cur = nxt
ROWS = [{"key": "k%04d" % i, "value": i * 3, "score": i / 7, "flag": i % 3 == 0} for i in range(300)]
TEXTS = [json.dumps(RECORD), json.dumps(RECORD, ensure_ascii=False), json.dumps(NESTED, indent=1),
         json.dumps(ROWS), json.dumps(ROWS, indent=4)]
ORIGINALS = [RECORD, RECORD, NESTED, ROWS, ROWS]

same = 0
count = 0
for _ in range(ROUNDS):
    for text, orig in zip(TEXTS, ORIGINALS):
        v = json.loads(text)
        count += len(v)
        same += v == orig
print(same, count, sum(map(len, TEXTS)))
