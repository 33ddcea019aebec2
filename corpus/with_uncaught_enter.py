# Uncaught error raised by __enter__ of the second manager: the first one's
# __exit__ runs, the traceback goes through __enter__.
class Conn:
    def __init__(self, host):
        self.host = host
    def __enter__(self):
        if not self.host:
            raise ValueError("empty host name")
        print("connected to", self.host)
        return self
    def __exit__(self, et, ev, tb):
        print("closing", self.host, "after", et.__name__ if et else "success")

with Conn("db1") as a, Conn("") as b:
    print("unreachable")
