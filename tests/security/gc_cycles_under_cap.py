# args: --max-memory 32M --timeout 60
# expect: exit=0 stdout="done 1000000"
# A million small reference cycles built and dropped: the cycle collector
# returns their memory, so a 32 MiB cap is never reached (refcounting alone
# would keep every cycle until the run ends).
class Node:
    def __init__(self):
        self.me = self

n = 0
for i in range(1000000):
    a = Node()
    l = []
    l.append(l)
    n += 1
print("done", n)
