# ruleid: EX1
import statistics
# ruleid: EX1
from statistics import mean
# ok: EX1
import math
