# this file has CRLF line ends: string literals spanning lines hold \n
a = """x
y
"""
b = b"""p
q"""
c = r"""m
n"""
d = "s\
t"
e = f"""{a!r}
{1}"""
if a:
    print(repr(a), b, repr(c), d, repr(e))
x = (1 +
     2)
print(x, len("""
"""))
