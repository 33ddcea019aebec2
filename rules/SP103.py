# Rule test for SP103 (__future__ imports).
# ruleid: SP103
from __future__ import annotations
# ruleid: SP103
from __future__ import division, print_function
# ok: SP103
from math import floor
# ok: SP103
import collections
