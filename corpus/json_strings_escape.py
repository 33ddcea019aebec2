import json
for i in list(range(0, 0x30)) + [0x5c, 0x7f, 0x80, 0xa0, 0xff, 0x100, 0x7ff, 0x800, 0xfffd, 0xffff, 0x10000, 0x10ffff]:
    c = chr(i)
    a = json.dumps(c)
    b = json.dumps(c, ensure_ascii=False)
    print(i, a, ascii(b), json.loads(a) == c, json.loads(b) == c)
print(json.loads('"\\u00e9\\u00E9\\uD834\\uDD1E"') == "\u00e9\u00e9\U0001d11e")
print(ascii(json.loads('"\\uD834\\u0041"')), ascii(json.loads('"\\uDD1E\\uD834"')))
print(ascii(json.loads('"\\ud800"')), ascii(json.dumps(json.loads('"\\ud800"'))))
