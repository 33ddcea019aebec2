def ping(n):
    return pong(n + 1)
def pong(n):
    return ping(n + 1)
print('start')
ping(0)
