# args: --timeout 1
# expect: exit=3 stderr="time limit" seconds=8
# Long builtins charge the time budget inside the operation.
x = list(range(10**6))
while True:
    x.insert(0, 1)
    x.pop(0)
