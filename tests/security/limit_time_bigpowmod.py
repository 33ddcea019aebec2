# args: --timeout 1
# expect: exit=3 stderr="time limit" stdout="start" seconds=8
# Three-argument pow with a huge exponent runs in pieces of the exponent,
# each checked against the clock.
print("start")
print(pow(3, 10**1000000, 10**30000 + 7))
print("never printed")
