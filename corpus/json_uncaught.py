import json
class MyErr(json.JSONDecodeError):
    def __init__(self, msg, doc, pos):
        super().__init__(msg, doc, pos)
        self.extra = 1
try:
    raise MyErr("x", "a\nbc", 3)
except json.JSONDecodeError as e:
    print(type(e).__name__, e, e.pos, e.lineno, e.colno, e.extra, e.args)
print(json.loads('{"ok": [1, 2]}'))
json.loads('{"a": 1,\n "b": [1 2]}')
