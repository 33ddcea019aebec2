# CPython returns the same object where nothing changes (strip of a clean
# string) and interns constants made of name characters
s = "abc"
print(s.strip() is s, s.lstrip() is s, s.rstrip("x") is s, " abc".strip() is s)
b = b"abc"
print(b.strip() is b, b.rstrip(b"z") is b, b" abc".strip() == b)
a = "xy_1"
def f():
    return "xy_1"
print(a is f(), "" is "".strip(), "key" is "key")
d = {"name": 1}
print([k is "name" for k in d])
t = "hello"
print(t is "hello", t == "hello", id(t) == id("hello"))
