# args: --timeout 1
# expect: exit=3 stderr="time limit" stdout="start" seconds=8
# Big-int division and divmod are estimated before GMP runs them.
print("start")
a = 3 ** 20000000
b = 7 ** 5000000
while True:
    q, r = divmod(a, b)
    a = a + r
print("never printed")
