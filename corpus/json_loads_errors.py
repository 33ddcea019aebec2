import json
bad = ['', ' ', '[', ']', '{', '}', '[1,]', '[1,,2]', '{"a":1,}', '{"a" 1}', '{"a":}', '{a:1}', "{'a':1}",
       '[1 2]', '{"a":1 "b":2}', '"abc', '"a\\x"', '"a\\u12"', '"a\\u12zz"', '"\\ud800\\uzzzz"', '[1] x',
       '1 2', 'nul', 'tru', 'True', 'None', 'NaNx', '-', '--1', '01', '1.', '.5', '1e', '1e+', '+1',
       '"\x01"', '"tab\there"', '["a\nb"]', '\ufeff[1]', '[1,\n2,\n3 4]', '{\n"a":\n1,\n"b"\n}',
       '["\u00e9", x]', '"\u00e9\u00e9\\q"', 'infinity', '[-Infinityx]', '[NaN', 'x' * 3]
for b in bad:
    try:
        r = json.loads(b)
        print(repr(b), "->", repr(r))
    except json.JSONDecodeError as e:
        print(repr(b), "|", e, "|", repr(e.msg), e.pos, e.lineno, e.colno, e.doc == b)
for v in [5, None, [1], 1.5]:
    try:
        json.loads(v)
    except TypeError as e:
        print("TypeError:", e)
e = json.JSONDecodeError("Boom", "ab\ncd\nef", 7)
print(e, e.msg, e.pos, e.lineno, e.colno, e.args)
print(isinstance(e, ValueError), issubclass(json.JSONDecodeError, Exception))
try:
    json.loads("[1,")
except ValueError as e:
    print("as ValueError:", e)
print(json.loads('["\x01"]', strict=False) if False else json.loads('"a\x01b"', strict=False) == "a\x01b")
try:
    json.loads('{"a": 1}', strict=True, bogus=1)
except TypeError as e:
    print("TypeError:", e)
