# Decorators without arguments: wrapping, keeping the name by hand, and
# decorators that return the function unchanged after registering it.
def shout(fn):
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs).upper() + "!"
    wrapper.__name__ = fn.__name__
    return wrapper

handlers = []
def handler(fn):
    handlers.append(fn.__name__)
    return fn

@shout
def greet(name, punct=""):
    return f"hello {name}{punct}"

@handler
def on_start():
    return "started"

@handler
def on_stop():
    return "stopped"

print(greet("ann"), greet("bo", punct="?"))
print(greet.__name__, handlers, on_start(), on_stop())

def plain(x):
    return x * 2
plain = shout(lambda x: str(x))
print(plain(5))

def double_result(fn):
    def inner(*a):
        return 2 * fn(*a)
    return inner

@double_result
@double_result
def three():
    return 3
print(three())
