# A user exception without a message, raised as a class, uncaught: the last
# line is just the class name.
class Abort(Exception):
    pass

def step(n):
    if n > 2:
        raise Abort
    return n

print([step(i) for i in range(3)])
step(3)
