# Rule test for SP303 (private attributes of modules).
import random
import collections
import re
# ruleid: SP303
random._os.system("id")
# ruleid: SP303
s = collections._sys
# ruleid: SP303
p = re._parser
# ruleid: SP303
r = random._inst
# ok: SP303
x = random.randint(1, 6)
# ok: SP303
self._private = 1
# ok: SP303
obj._cache.clear()
# ok: SP303
n = random.__name__
import random as rnd
import time
# ruleid: SP303
rnd._os.system("id")
tm = time
# ruleid: SP303
tm._os
# ok: SP303
rnd.randint(1, 2)
