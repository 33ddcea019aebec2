# Rule test for SP102 (relative imports).
# ruleid: SP102
from . import helpers
# ruleid: SP102
from .helpers import util
# ruleid: SP102
from ..pkg import thing
# ok: SP102
from math import sqrt
# ok: SP102
import collections
