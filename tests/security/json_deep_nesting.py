# args: --allow-module json --timeout 20
# expect: exit=0 stdout="json deep ok"
# Nesting far past the recursion limit in every direction json has: loads of
# arrays and objects, dumps of nested lists and dicts (the C encoder and the
# indent path), a default= that returns ever deeper wrappers, and an
# object_hook re-entering loads. Each must end in RecursionError, never in a
# C stack overflow (run under the sanitizer build too).
import json
n = 20000
caught = 0
for s in ["[" * n, "[" * n + "]" * n, '{"a":' * n, '{"a":' * n + "1" + "}" * n, '[{"a":' * n]:
    try:
        json.loads(s)
    except RecursionError:
        caught += 1
a = []
for i in range(n):
    a = [a, {"k": a}] if i < 3 else [a]
d = {}
for i in range(n):
    d = {"k": d}
for v in [a, d, (a,)]:
    for kw in [{}, {"indent": 1}, {"check_circular": False}, {"sort_keys": True, "indent": "\t"}]:
        try:
            json.dumps(v, **kw)
        except RecursionError:
            caught += 1
class O:
    pass
try:
    json.dumps(O(), default=lambda o: [o], check_circular=False)
except RecursionError:
    caught += 1
def hook(d):
    return json.loads(json.dumps([d]), object_hook=hook)
try:
    json.loads('{"a": 1}', object_hook=hook)
except RecursionError:
    caught += 1
w = []
class W:
    def write(self, s):
        w.append(s)
try:
    json.dump(a, W(), indent=2)
except RecursionError:
    caught += 1
print("caught", caught)
if caught == 20:
    print("json deep ok")
