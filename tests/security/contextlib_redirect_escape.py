# args: --allow-module contextlib,io
# expect: exit=0 stdout="ok" seconds=20
# redirect_stdout never hands the program the real stdout: the saved target
# is None, and restoring a planted object just makes print() write to it.
import io
from contextlib import redirect_stdout, redirect_stderr
r = redirect_stdout(io.StringIO())
with r:
    saved = list(r._old_targets)
assert saved == [None], saved
class Sink:
    def __init__(self):
        self.data = []
    def write(self, s):
        self.data.append(s)
sink = Sink()
r2 = redirect_stdout(io.StringIO())
r2.__enter__()
r2._old_targets[-1] = sink
r2.__exit__(None, None, None)
print("to the sink")
r3 = redirect_stdout(None)
r3._old_targets.append(None)
r3.__exit__(None, None, None)
assert sink.data == ["to the sink", "\n"], sink.data
e = redirect_stderr(io.StringIO())
with e:
    assert e._old_targets == [None]
for name in ("sys", "os", "open", "stdout"):
    assert not hasattr(r, name), name
try:
    r._stream = "stdin"
    r.__enter__()
except NotImplementedError as exc:
    assert "stdin" in str(exc) or "stdout" in str(exc)
print("ok")
