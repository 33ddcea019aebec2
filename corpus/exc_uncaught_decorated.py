# Uncaught error inside a decorated function: the wrapper's frame appears in
# the traceback between the call site and the function.
def checked(fn):
    def wrapper(*args):
        print("calling", fn.__name__, args)
        return fn(*args)
    return wrapper

@checked
def ratio(a, b):
    return a / b

print(ratio(6, 3))
print(ratio(1, 0))
