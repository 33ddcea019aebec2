# A class without __match_args__ takes no positional sub-patterns.
class Node:
    def __init__(self, value):
        self.value = value
match Node(3):
    case Node(value=1):
        print("one")
    case Node(3):
        print("three")
