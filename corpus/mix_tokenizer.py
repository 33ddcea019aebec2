# A tokenizer class: a Token namedtuple, an iterator over tokens, a custom
# error with the position, and a token-count summary.
from collections import namedtuple

Token = namedtuple("Token", "kind text pos")

class LexError(Exception):
    def __init__(self, ch, pos):
        super().__init__(f"unexpected {ch!r} at {pos}")
        self.pos = pos

class Lexer:
    OPS = {"+": "PLUS", "-": "MINUS", "*": "STAR", "/": "SLASH", "(": "LP", ")": "RP", "=": "EQ"}

    def __init__(self, text):
        self.text = text

    def __iter__(self):
        i, text = 0, self.text
        while i < len(text):
            ch = text[i]
            if ch.isspace():
                i += 1
            elif ch.isdigit():
                j = i
                while j < len(text) and (text[j].isdigit() or text[j] == "."):
                    j += 1
                yield Token("NUM", text[i:j], i)
                i = j
            elif ch.isalpha() or ch == "_":
                j = i
                while j < len(text) and (text[j].isalnum() or text[j] == "_"):
                    j += 1
                word = text[i:j]
                yield Token("KW" if word in ("let", "print") else "NAME", word, i)
                i = j
            elif ch in self.OPS:
                yield Token(self.OPS[ch], ch, i)
                i += 1
            else:
                raise LexError(ch, i)
        yield Token("EOF", "", len(text))

for tok in Lexer("let x_1 = (3.5 + y) * 2"):
    print(f"{tok.kind:5} {tok.text!r:7} @{tok.pos}")
counts = {}
for tok in Lexer("a + b + c * 2 - 1"):
    counts[tok.kind] = counts.get(tok.kind, 0) + 1
print(sorted(counts.items()))
try:
    list(Lexer("x = 4 $ 2"))
except LexError as e:
    print("LexError:", e, "| position", e.pos)
print([t.text for t in Lexer("print(a)") if t.kind != "EOF"])
