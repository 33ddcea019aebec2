import json
print(sorted(json.__all__))
print(json.JSONDecodeError.__name__, json.JSONDecodeError.__module__, json.JSONEncoder.__module__,
      json.JSONDecoder.__module__)
print(issubclass(json.JSONDecodeError, ValueError))
from json import dumps, loads, JSONDecodeError
print(dumps(loads('{"a": [1, 2]}')))
try:
    raise JSONDecodeError("m", "doc", 1)
except ValueError as e:
    print(repr(e), e.args)
print(json.dumps([1, 2], **{"indent": 1}))
for call in [lambda: json.dumps(), lambda: json.loads(), lambda: json.dumps(1, 2), lambda: json.loads("1", 2),
             lambda: json.dump(1), lambda: json.load()]:
    try:
        call()
    except TypeError as e:
        print("TypeError:", e)
print(json.dumps(obj=[1]), json.loads(s="[2]"))
