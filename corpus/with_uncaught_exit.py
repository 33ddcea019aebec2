# Uncaught: an error inside __exit__ while the body's error propagates; the
# traceback shows the body's error as the context.
class Transaction:
    def __init__(self):
        self.ops = []
    def __enter__(self):
        print("begin")
        return self
    def __exit__(self, et, ev, tb):
        if et is not None:
            print("rolling back", len(self.ops), "ops")
            self.rollback()
        return False
    def rollback(self):
        raise ConnectionError("lost connection during rollback")

with Transaction() as t:
    t.ops.append("insert")
    t.ops.append("update")
    raise ValueError("constraint violated")
