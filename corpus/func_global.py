total = 0
calls = []
def bump(n):
    global total
    total += n
    return total
print(bump(5), bump(7), total)
def reset():
    global total
    total = 0
reset()
print(total)
