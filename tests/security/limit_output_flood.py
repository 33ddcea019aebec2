# args: --max-output 100K
# expect: exit=3 stderr="output" stdout_max=102400 seconds=10
while True:
    print('x' * 1000)
