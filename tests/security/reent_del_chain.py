# expect: exit=0 stdout="done" stderr="RecursionError" seconds=15
# Each __del__ makes a new object that dies at once: the finalizers nest
# until the recursion limit, which is reported as "Exception ignored" and
# ends the chain; nothing overflows the C stack.
count = 0
class Chain:
    def __del__(self):
        global count
        count += 1
        Chain()

Chain()
print("done", count > 100)
