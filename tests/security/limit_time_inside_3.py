# args: --timeout 1
# expect: exit=3 stderr="time limit" seconds=8
# Long builtins charge the time budget inside the operation.
d = dict.fromkeys(range(10**6))
while True:
    e = dict(d)
