# expect: exit=2 stderr="syntax"
exec "print 1"
