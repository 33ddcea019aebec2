# args: --timeout 1
# expect: exit=3 stderr="time" seconds=10
# one long builtin call must be interrupted by the clock too
print(sum(range(10 ** 15)))
