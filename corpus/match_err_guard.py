# An error in a guard propagates with the names already bound.
match [1, 0]:
    case [a, b] if a / b > 1:
        print("big")
