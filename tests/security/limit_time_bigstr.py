# args: --timeout 1
# expect: exit=3 stderr="time limit" stdout="start" seconds=8
# hex/int(s, 16) of huge ints are not bound by the 4300-digit limit: linear,
# charged, and stopped at the limit.
print("start")
x = 3 ** 5000000
while True:
    x = int(hex(x), 16) + 1
print("never printed")
