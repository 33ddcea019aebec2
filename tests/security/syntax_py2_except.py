# expect: exit=2 stderr="syntax"
try:
    pass
except ValueError, e:
    pass
