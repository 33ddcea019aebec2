# Rule test for SP103 (__future__ feature bound to a name).
# ruleid: SP103
from __future__ import annotations as ann
# ok: SP103
from __future__ import generator_stop
# ok: SP103
from __future__ import division, print_function
# ok: SP103
from math import floor as fl
# ok: SP103
import collections
