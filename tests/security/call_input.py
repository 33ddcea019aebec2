# expect: exit=2 stderr="input"
x = input()
