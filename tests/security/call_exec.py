# expect: exit=2 stderr="exec"
exec('print(1)')
