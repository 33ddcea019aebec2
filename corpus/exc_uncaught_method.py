# An uncaught exception raised several calls deep inside methods: the
# traceback lists every frame.
class Parser:
    def __init__(self, text):
        self.text = text
        self.pos = 0

    def expect(self, ch):
        if self.text[self.pos] != ch:
            raise SyntaxError(f"expected {ch!r} at {self.pos}")
        self.pos += 1

    def number(self):
        start = self.pos
        while self.pos < len(self.text) and self.text[self.pos].isdigit():
            self.pos += 1
        return int(self.text[start:self.pos])

    def pair(self):
        self.expect("(")
        a = self.number()
        self.expect(",")
        b = self.number()
        self.expect(")")
        return a, b

print(Parser("(1,2)").pair())
print(Parser("(10,20)").pair())
Parser("(3;4)").pair()
