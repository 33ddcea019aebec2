# args: --allow-module enum --timeout 5 --max-memory 256M
# expect: exit=3 stderr="limit" seconds=20
# An enum of 10 million members through the functional API: the class
# machinery must be stopped by the time or memory limit, never hang the
# host or crash.
from enum import Enum

Big = Enum('Big', ['M%d' % i for i in range(10_000_000)])
print(len(Big))
