# args of user exceptions: set from the constructor call even when __init__
# does not call super().__init__, or set explicitly from super().__init__.
class NoSuper(Exception):
    def __init__(self, code, msg):
        self.code = code
        self.msg = msg

class WithSuper(Exception):
    def __init__(self, code, msg):
        super().__init__(msg)
        self.code = code

class Defaults(Exception):
    def __init__(self, msg="something failed", *, retry=False):
        super().__init__(msg)
        self.retry = retry

for e in (NoSuper(404, "missing"), WithSuper(500, "broken"), Defaults(), Defaults("bad", retry=True)):
    print(type(e).__name__, e.args, repr(str(e)), repr(e))
try:
    raise NoSuper(1, "x")
except NoSuper as e:
    print(e.code, e.msg)
try:
    raise Defaults
except Defaults as e:
    print("raised class:", e, e.retry)
