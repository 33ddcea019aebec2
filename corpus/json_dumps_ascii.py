import json
s = "h\u00e9llo \u4e16\u754c \U0001f600 \x7f \x01 \u2028 \ud800 \udfff tab\t"
print(json.dumps(s))
print(ascii(json.dumps(s, ensure_ascii=False)))
print(json.dumps({"\u00e9": "\u00e9"}))
print(ascii(json.dumps({"\u00e9": ["\U0001f600"]}, ensure_ascii=False)))
print(ascii(json.dumps([s], ensure_ascii=False, indent=1)))
print(json.dumps("\"\\/"))
print(len(json.dumps("\U0001f600" * 3)))
print(json.loads(json.dumps(s)) == s, json.loads(json.dumps(s, ensure_ascii=False)) == s)
