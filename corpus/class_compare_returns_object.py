# Rich comparison methods may return any object; the operator returns it as is.
class X:
    def __lt__(s, o): return "yes"
    def __eq__(s, o): return [1]
print(X() < X(), X() == 1, X() > X())
