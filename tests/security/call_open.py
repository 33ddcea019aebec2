# expect: exit=2 stderr="open"
print(open('/etc/passwd').read())
