"""Names that are also builtins (input, open, exec, eval, compile, globals,
vars, help, exit...) used as parameters, locals, globals, attributes,
keyword arguments, class attributes, comprehension variables and import
aliases are ordinary names."""
import math as compile


def tree(input):
    return input


def parse(open, close="]"):
    return open + close


class Node:
    input = "class attribute"
    exec = input.upper()

    def __init__(self, eval=0, **vars):
        self.eval = eval
        self.vars = vars

    def help(self):
        return self.eval * 2


def walk(items):
    globals = []
    for exit in items:
        globals.append(exit * 2)
    return globals


def counter():
    open = 0

    def bump():
        nonlocal open
        open += 1
        return open
    return bump


def shadow_later(items):
    out = []
    for quit in items:
        out.append(quit)
    return out


eval = lambda text: text[::-1]
vars = {"a": 1}
n = Node(3, copyright=1)
print(tree(5), parse("["), Node.input, Node.exec, n.help(), n.vars)
print(walk([1, 2]), shadow_later("ab"))
b = counter()
b()
print(b())
print(eval("abc"), vars["a"], compile.sqrt(16))
print([input for input in range(3)], {open: len(open) for open in ("x", "yy")})
print(dict(input=1, open=2, exec=3))
print(sorted(exit * 2 for exit in (3, 1, 2)))


def unbound():
    try:
        print(breakpoint)
    except UnboundLocalError as e:
        print(type(e).__name__, e)
    breakpoint = 1
    return breakpoint


print(unbound())
