# args: --allow-module enum --timeout 3
# expect: exit=3 stderr="time limit" seconds=20
# The functional API with a list of names gives each name
# _generate_next_value_(name, start, count, last_values[:]), a copy of every
# value so far, as CPython does: quadratic, so 100,000 names end at the time
# limit (CPython takes minutes), never a hang or a crash.
from enum import Enum

Big = Enum('Big', ['M%d' % i for i in range(100_000)])
print(len(Big))
