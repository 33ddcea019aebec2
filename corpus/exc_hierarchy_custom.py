# A custom exception hierarchy: catching by base class, handler order,
# extra attributes and args.
class AppError(Exception):
    """Base for the application's errors."""

class ValidationError(AppError):
    def __init__(self, field, problem):
        super().__init__(field, problem)
        self.field = field
        self.problem = problem
    def __str__(self):
        return f"{self.field}: {self.problem}"

class NotFound(AppError, LookupError):
    pass

class Timeout(AppError):
    def __init__(self, seconds):
        super().__init__(f"timed out after {seconds}s")
        self.seconds = seconds

def risky(kind):
    if kind == "valid":
        raise ValidationError("email", "missing @")
    if kind == "nf":
        raise NotFound("user 42")
    if kind == "to":
        raise Timeout(30)
    if kind == "key":
        raise KeyError("k")
    return "fine"

for kind in ["valid", "nf", "to", "key", "ok"]:
    try:
        print(risky(kind))
    except ValidationError as e:
        print("validation", e.field, e.problem, e.args, str(e))
    except LookupError as e:
        print("lookup", type(e).__name__, e.args, isinstance(e, AppError))
    except AppError as e:
        print("app", type(e).__name__, e, getattr(e, "seconds", None))

print(issubclass(NotFound, LookupError), issubclass(Timeout, Exception))
print(issubclass(AppError, BaseException), issubclass(KeyError, NotFound))
print(repr(ValidationError("a", "b")), repr(Timeout(1)), repr(NotFound()))
