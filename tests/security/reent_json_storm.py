# args: --allow-module json
# expect: exit=0 stdout="json storm ok" seconds=60
# default=, object_hook, object_pairs_hook, parse_* hooks, a dict subclass's
# items() and a sink's write() that clear, grow, shrink and replace the
# containers json is encoding or decoding, and re-enter json itself: every
# call ends with a value or an exception, never a read of freed or
# out-of-range memory (run under the sanitizer build).
import json
import random
random.seed(11)
box = {}
def churn():
    lst = box.get("list")
    dct = box.get("dict")
    r = random.randrange(8)
    if lst is not None:
        if r == 0:
            lst.clear()
        elif r == 1:
            lst.extend([object()] * random.randrange(5))
        elif r == 2 and lst:
            del lst[random.randrange(len(lst)):]
        elif r == 3:
            lst[:] = [1, "x", [object()]]
    if dct is not None:
        if r == 4:
            dct.clear()
        elif r == 5:
            for i in range(random.randrange(20)):
                dct["k%d" % random.randrange(50)] = object()
        elif r == 6:
            for k in list(dct)[:3]:
                del dct[k]
    if r == 7:
        try:
            json.loads(json.dumps([1, {"a": 2}]))
        except Exception:
            pass
def default(o):
    churn()
    return random.choice([None, [object()], {"z": object()}, "s", 1.5])
class Shifty(dict):
    def items(self):
        churn()
        return list(dict.items(self))
class Sink:
    def write(self, s):
        churn()
outcomes = {}
for trial in range(300):
    lst = [object(), [object(), 2], {"a": object()}, Shifty(b=object())]
    dct = {"k%d" % i: object() for i in range(10)}
    dct["l"] = lst
    lst.append(dct)
    box["list"] = lst
    box["dict"] = dct
    kw = random.choice([{}, {"indent": 1}, {"sort_keys": True}, {"check_circular": False},
                        {"indent": 0, "skipkeys": True}])
    try:
        if trial % 3 == 0:
            json.dump(random.choice([lst, dct]), Sink(), default=default, **kw)
        elif trial % 3 == 1:
            list(json.JSONEncoder(default=default, **kw).iterencode(lst))
        else:
            json.dumps(dct, default=default, **kw)
        outcome = "ok"
    except (ValueError, TypeError, RuntimeError, RecursionError) as e:
        outcome = type(e).__name__
    outcomes[outcome] = outcomes.get(outcome, 0) + 1
held = []
def hook(d):
    held.append(d)
    if held and random.random() < 0.5:
        held[0].clear()
    churn()
    return d
for trial in range(200):
    doc = json.dumps([{"a": [1, 2, {"b": 3.5}]}, {"c": "d" * trial}, []])
    try:
        json.loads(doc, object_hook=hook)
        json.loads(doc, object_pairs_hook=lambda p: (p.clear(), p)[1])
        json.loads(doc, parse_float=lambda s: held.clear())
        outcome = "ok"
    except (ValueError, TypeError, RuntimeError, RecursionError) as e:
        outcome = type(e).__name__
    outcomes[outcome] = outcomes.get(outcome, 0) + 1
print(sorted(outcomes))
print("json storm ok")
