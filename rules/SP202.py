# Rule test for SP202 (files, terminal, interpreter control).
# ruleid: SP202
data = open("/etc/passwd").read()
# ruleid: SP202
name = input("name? ")
# ruleid: SP202
breakpoint()
# ok: SP202
help(len)
# ruleid: SP202
exit(0)
# ruleid: SP202
quit()
# ruleid: SP202
reader = open
# ok: SP202
print("hello", file=None)
# ok: SP202
door.open()
# ok: SP202
opened = True
# ok: SP202
settings = dict(open=1, input=2)
# ok: SP202
text = "open the door"


class Door:
    # ok: SP202
    def open(self):
        return True

    # ok: SP202
    def exit(self, code):
        # ruleid: SP202
        return exit


# Names resolve by scope: only a name that reaches the builtin is a finding.
# ok: SP202
def tree(input):
    # ok: SP202
    return input


def local_names(items):
    # ok: SP202
    open = [i for i in items if i]
    # ok: SP202
    return open


# ok: SP202
def kwonly(*, input=None, **open):
    # ok: SP202
    return input, open


# ok: SP202
square = lambda input: input * input
# ok: SP202
pairs = [input for input in range(3)]
# ok: SP202
table = {open: 1 for open in "ab"}
# ruleid: SP202
firsts = [x for x in input]


def late_local():
    # ok: SP202
    print(open)
    open = 1


def enclosing():
    input = "text"

    def inner():
        # ok: SP202
        return input
    return inner


def declared():
    global quit
    # ruleid: SP202
    return quit


# ruleid: SP202
def defaults(x=input):
    return x


class Config:
    # ok: SP202
    input = "in.txt"
    # ok: SP202
    source = input
    if flag:
        # ok: SP202
        open = "text"
    # ruleid: SP202
    shown = open

    def method(self):
        # ruleid: SP202
        return input


for exit in range(3):
    pass
# ruleid: SP202
exit()
# ok: SP202
quit = print
# ok: SP202
quit("bye")
try:
    from math import floor as breakpoint
except ImportError:
    pass
# ruleid: SP202
breakpoint()
# ok: SP202
import math as help
# ok: SP202
help.sqrt(2)
