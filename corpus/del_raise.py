# An exception raised in __del__ is reported on stderr ("Exception ignored
# in") and does not propagate; the program goes on
class Bad:
    def __init__(self, n):
        self.n = n
    def __del__(self):
        print("bad del", self.n)
        raise ValueError("boom %d" % self.n)

b = Bad(1)
del b
print("after bad 1")

def f():
    Bad(2)
    return "f ok"

print(f())
try:
    Bad(3)
    print("no exception here")
except ValueError:
    print("never")

class Half:
    def __del__(self):
        print("half start")
        try:
            1 / 0
        except ZeroDivisionError as e:
            print("handled inside", type(e).__name__)
        print("half end")

Half()

class Err(Exception):
    def __del__(self):
        print("exception instance finalized", self.args)

try:
    raise Err("e1")
except Err as e:
    print("caught", e)
print("after except")

def keeps():
    try:
        raise Err("e2")
    except Err as e:
        return e

x = keeps()
print("kept", x)
x = None
print("end")
Bad(4)
