# expect: exit=2 stderr="SP202" stderr="open" stdout_max=0
# A global bound only on some paths (or deleted again) does not hide the
# builtin: the reference may reach it, so it is refused.
if False:
    open = None
print(open("/etc/passwd").read())
