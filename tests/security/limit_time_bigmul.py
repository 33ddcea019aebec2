# args: --timeout 1
# expect: exit=3 stderr="time limit" stdout="start" seconds=8
# Repeated squaring of a big int: every product is refused beforehand when its
# estimated cost exceeds the time left.
print("start")
x = 7 ** 300000
while True:
    x = x * x
print("never printed")
