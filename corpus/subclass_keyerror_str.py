# Subclassing builtin exceptions: a ValueError subclass caught as ValueError,
# a KeyError subclass keeping KeyError's repr-style str, OSError-style args.
class InvalidAge(ValueError):
    def __init__(self, age):
        super().__init__(f"invalid age {age}")
        self.age = age

class MissingKey(KeyError):
    pass

class RetryLater(ConnectionError):
    def __init__(self, after):
        super().__init__("retry later")
        self.after = after

def check(age):
    if not 0 <= age <= 150:
        raise InvalidAge(age)
    return age

for a in [30, -1, 200]:
    try:
        print("ok", check(a))
    except ValueError as e:
        print(type(e).__name__, e, e.age, isinstance(e, InvalidAge))

try:
    raise MissingKey("user")
except KeyError as e:
    print(str(e), repr(e), e.args)
try:
    raise RetryLater(5)
except OSError as e:
    print(type(e).__name__, e, e.after, isinstance(e, ConnectionError))
print(issubclass(InvalidAge, Exception), issubclass(MissingKey, LookupError))
raise InvalidAge(-5)
