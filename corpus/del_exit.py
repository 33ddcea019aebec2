# At exit the globals still alive are finalized after the last output
# line, in their order, while every global is still set; then what the
# containers alone held goes (a list's items last first)
class D:
    def __init__(self, n):
        self.n = n
    def __del__(self):
        print("exit del", self.n, "config is", config)

config = "set"
first = D(1)
items = [D(2), D(3)]
_private = D(4)
mapping = {"k": D(5)}
last = D(6)

class Self:
    def __init__(self):
        self.me = self
    def __del__(self):
        print("self cycle finalized at exit")

cyc = Self()
print("last line of output")
