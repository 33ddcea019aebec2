# args: --max-memory 64M --timeout 10
# expect: exit=3 stderr="memory" seconds=18
s = 'x'
while True:
    s = s + s
