# args: --timeout 1
# expect: exit=3 stderr="time limit" stdout="start" seconds=8
# namedtuple with 100,000 fields: its duplicate-name checks charge the clock.
from collections import namedtuple
print("start")
T = namedtuple("T", ["f%d" % i for i in range(100000)])
print("never printed")
