# A retry loop keeping every failure: the final error is raised from the last
# one and carries the earlier attempts in its notes.
class GiveUp(Exception):
    pass

def attempt(n):
    errors = [ConnectionError("refused"), TimeoutError("slow"), OSError("reset")]
    if n < len(errors):
        raise errors[n]
    return "connected"

def connect(max_tries):
    failures = []
    for n in range(max_tries):
        try:
            return attempt(n)
        except OSError as e:
            failures.append(e)
    err = GiveUp(f"failed {len(failures)} times")
    for f in failures:
        err.add_note(f"{type(f).__name__}: {f}")
    raise err from failures[-1]

print(connect(5))
try:
    connect(2)
except GiveUp as e:
    print(e, "| cause:", repr(e.__cause__))
    print(e.__notes__)
print(issubclass(TimeoutError, OSError), issubclass(ConnectionRefusedError, ConnectionError))
