# args: --timeout 1
# expect: exit=3 stderr="time limit" stdout="before" seconds=12
# A __del__ that never returns, run by the cycle collector at exit: the
# time limit stops it with exit 3, its output flushed.
class Spin:
    def __init__(self):
        self.me = self
    def __del__(self):
        print("spinning")
        while True:
            try:
                pass
            except BaseException:
                pass

s = Spin()
print("before")
