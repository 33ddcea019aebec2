# args: --timeout 1
# expect: exit=3 stderr="time" seconds=10
while True:
    pass
