# Exception subclasses overriding __str__ and __repr__, printed by str(),
# repr(), f-strings, and in an uncaught traceback.
class HTTPError(Exception):
    def __init__(self, status, reason):
        super().__init__(status, reason)
        self.status, self.reason = status, reason
    def __str__(self):
        return f"{self.status} {self.reason}"

class NotFound(HTTPError):
    def __init__(self, path):
        super().__init__(404, "Not Found")
        self.path = path
    def __str__(self):
        return f"{super().__str__()}: {self.path}"
    def __repr__(self):
        return f"NotFound(path={self.path!r})"

e = HTTPError(500, "Server Error")
n = NotFound("/index.html")
print(str(e), "|", repr(e), "|", e.args)
print(str(n), "|", repr(n), "|", n.args, "|", f"{n}", "|", [n])
try:
    raise n
except HTTPError as caught:
    print("caught", caught.status, caught)
raise NotFound("/missing")
