# Calling something that is not a class in a pattern.
def is_positive(v):
    return v > 0
match 5:
    case is_positive():
        print("positive")
