# An exception family mixing user classes and builtins (multiple inheritance
# from Exception subclasses), caught at several levels.
class HTTPError(Exception):
    status = 500
    def __init__(self, msg=None):
        super().__init__(msg or self.__class__.__name__)

class ClientError(HTTPError):
    status = 400

class NotFoundError(ClientError, LookupError):
    status = 404

class BadRequest(ClientError, ValueError):
    status = 400

class Unavailable(HTTPError, ConnectionError):
    status = 503

def handle(exc):
    try:
        raise exc
    except LookupError as e:
        return f"lookup {e.status} {e}"
    except ValueError as e:
        return f"value {e.status} {e}"
    except OSError as e:
        return f"os {e.status} {e}"
    except HTTPError as e:
        return f"http {e.status} {e}"

for exc in [NotFoundError("/missing"), BadRequest(), Unavailable("down"),
            HTTPError(), ClientError("teapot")]:
    print(handle(exc))
print(isinstance(NotFoundError(), (KeyError, IndexError)), issubclass(Unavailable, OSError))
print([c.__name__ for c in (NotFoundError, BadRequest) if issubclass(c, ClientError)])
