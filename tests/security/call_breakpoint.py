# expect: exit=2 stderr="breakpoint"
breakpoint()
