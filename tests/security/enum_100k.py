# args: --allow-module enum --timeout 60
# expect: exit=0 stdout="100000 M99999" stdout="F.B0|B1" seconds=75
# An enum of 100,000 members is built in linear time (each member goes into
# a slot its class reserved: no per-member rescan of the namespace), its
# lookups stay by hash; never a hang or a crash.
from enum import Enum, IntFlag

Big = Enum('Big', [('M%d' % i, i) for i in range(100_000)])
print(len(Big), Big(99_999).name, Big['M5'].value, Big.M7.value)
F = IntFlag('F', [('B%d' % i, 1 << i) for i in range(300)])
print(repr(F(3)), len(list(F)))
