# Rule test for SP313 (file-system attributes of modules).
import random
import collections
import re as regex
import math
# ruleid: SP313
print(random.__file__)
# ruleid: SP313
s = collections.__spec__
# ruleid: SP313
loader = math.__loader__
# ruleid: SP313
p = collections.__path__
# ruleid: SP313
c = regex.__cached__
# ruleid: SP313
from random import __file__ as where
# ruleid: SP313
from collections import __path__
# ok: SP313
n = random.__name__
# ok: SP313
d = math.__doc__
# ok: SP313
f = obj.__file__
# ok: SP313
print(__name__)
# ok: SP313
from random import randint
