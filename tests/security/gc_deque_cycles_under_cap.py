# args: --max-memory 32M --timeout 60
# expect: exit=0 stdout="done 300000"
# Cycles through deques (a deque holding itself, a node whose deque holds
# the node) are collected too: 300,000 of them stay under a 32 MiB cap.
import collections

class Node:
    def __init__(self):
        self.queue = collections.deque([self])

n = 0
for i in range(300000):
    d = collections.deque()
    d.append(d)
    Node()
    n += 1
print("done", n)
