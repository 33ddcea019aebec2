# expect: exit=2 stderr="compile"
c = compile('1', 'x', 'eval')
