# Rule test for SP104 (private names imported from modules).
# ruleid: SP104
from collections import _sys
# ruleid: SP104
from random import _os as o
# ruleid: SP104
from re import compile, _compiler
# ok: SP104
from collections import Counter, defaultdict
# ok: SP104
from random import randint as r
# ok: SP104
from math import pi
# ok: SP104
from collections import __name__
# ok: SP104
from collections import __name__ as n
# ruleid: SP104
from collections import __ww__b
