# Value patterns that turn out equal at run time.
class K:
    A = "k"
    B = "k"
match {"k": 1, "j": 2}:
    case {K.A: 1, K.B: 2}:
        pass
