import json
docs = ['null', 'true', 'false', '0', '-0', '1', '-12', '123456789012345678901234567890', '1.5', '-1.5e10',
        '1E+2', '1e-2', '0.0', '-0.0', '1.7976931348623157e308', '1e400', '-1e400', '5e-324', '""', '"abc"',
        '"\\u00e9\\n\\t\\"\\\\\\/\\b\\f\\r"', '"\\ud83d\\ude00"', '"\\ud83d"', '"\\ud83dx"', '"\\udc00\\ud800"',
        '[]', '{}', '[1, 2, 3]', '{"a": {"b": [1, {"c": null}]}}', ' \t\n\r [ 1 , 2 ] \n ',
        '{"a": 1, "a": 2}', '"\u00e9\u4e16"', '[1.0, 2, "3"]', '{"": ""}', '123abc'[:3], '1.0e5',
        '{"k":[true,false,null]}']
for d in docs:
    v = json.loads(d)
    print(repr(d), repr(v), type(v).__name__)
print(json.loads('{"x": 1}', strict=True) if False else "")
print(json.loads('"a\\u0000b"'), repr(json.loads('"\\u0041\\u00DF\\uABCD"')))
