# Rule test for SP304 (modules reached through modules).
import datetime
import math
import random
import queue
import re
import statistics
import collections.abc
# ruleid: SP304
s = datetime.sys
# ruleid: SP304
t = queue.threading
# ruleid: SP304
e = re.enum
# ruleid: SP304
mods = statistics.sys.modules
# ruleid: SP304
collections.abc.sys
# ruleid: SP304
f = re.functools
# ok: SP304
d = datetime.date(2024, 1, 1)
# ok: SP304
q = queue.Queue()
# ok: SP304
m = statistics.mean([1, 2])
# ok: SP304
self.threading = 1
# ok: SP304
cfg.types = ["a"]
# ruleid: SP304
x = random.code
# ok: SP304
print(e.code)
# ok: SP304
self.socket = sock
# ok: SP304
handler.signal.connect(f)
# ruleid: SP304
conn.subprocess
import queue as qq
# ruleid: SP304
qq.threading
dt = datetime
# ruleid: SP304
dt.sys
# ok: SP304
dt.date(2024, 1, 1)
def leak(m):
    # ruleid: SP304
    return m._os
# ok: SP304
self._thread = None
# ruleid: SP304
r2 = statistics.random
# ok: SP304
it = collections.abc.Iterable
# ok: SP304
x = random.random()
# ok: SP304
y = math.pi
