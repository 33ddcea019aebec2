# A context manager that tracks nesting depth for indented output, used
# recursively while printing a tree.
class Indenter:
    def __init__(self):
        self.level = 0
    def __enter__(self):
        self.level += 1
        return self
    def __exit__(self, *exc):
        self.level -= 1
    def print(self, text):
        print("    " * self.level + text)

out = Indenter()
def show(node):
    name, children = node
    out.print(name)
    with out:
        for child in children:
            show(child)

tree = ("root", [("a", [("a1", []), ("a2", [])]), ("b", [("b1", [("deep", [])])])])
show(tree)
print("level back to", out.level)
with out:
    with out as same:
        same.print("two levels")
    out.print("one level")
out.print("zero")
