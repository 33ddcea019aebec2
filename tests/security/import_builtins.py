# expect: exit=2 stderr="builtins"
import builtins
builtins.open("/etc/passwd")
