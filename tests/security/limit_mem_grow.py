# args: --max-memory 64M --timeout 10
# expect: exit=3 stderr="memory" seconds=18
x = []
while True:
    x.append('abc' * 100 + str(len(x)))
