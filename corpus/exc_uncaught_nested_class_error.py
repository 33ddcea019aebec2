# An exception class nested in another class: the traceback names it by its
# qualified name.
class Parser:
    class Error(Exception):
        pass
    def parse(self, text):
        if not text:
            raise Parser.Error("empty input")
        return text.split()

print(Parser().parse("a b"))
Parser().parse("")
