# expect: exit=2 stderr="os"
# an import hidden in a function that is never called is still refused
def f():
    import os
    return os
print("never runs")
