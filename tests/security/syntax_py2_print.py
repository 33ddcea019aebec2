# expect: exit=2 stderr="syntax"
print "x"
