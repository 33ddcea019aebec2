# expect: exit=2 stderr="exit"
exit(0)
