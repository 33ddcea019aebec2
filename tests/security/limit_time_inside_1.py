# args: --timeout 1
# expect: exit=3 stderr="time limit" seconds=8
# Long builtins charge the time budget inside the operation.
max(range(10**12))
