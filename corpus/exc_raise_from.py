# raise ... from ...: __cause__, __context__ and __suppress_context__ as seen
# from the handler.
class ParseError(Exception):
    pass

def parse(text):
    try:
        return int(text)
    except ValueError as e:
        raise ParseError(f"bad number {text!r}") from e

def parse_quiet(text):
    try:
        return int(text)
    except ValueError:
        raise ParseError(f"bad number {text!r}") from None

try:
    parse("x1")
except ParseError as e:
    print("caught:", e)
    print("cause:", type(e.__cause__).__name__, e.__cause__)
    print("context is cause:", e.__context__ is e.__cause__)
    print("suppress:", e.__suppress_context__)

try:
    parse_quiet("y")
except ParseError as e:
    print("caught:", e)
    print("cause:", e.__cause__)
    print("context:", type(e.__context__).__name__)
    print("suppress:", e.__suppress_context__)

try:
    raise RuntimeError("outer") from KeyError("inner")
except RuntimeError as e:
    print(repr(e.__cause__), e.__context__)

err = ValueError("plain")
print(err.__cause__, err.__context__, err.__suppress_context__)
try:
    raise TypeError("t") from 5
except TypeError as e:
    print("TypeError:", e)
