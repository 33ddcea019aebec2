# expect: exit=2 stderr="SP201" stderr="exec" stdout_max=0
# A class body looks unbound names up in the builtins; a method does not see
# the class's names at all.
class C:
    for exec in ():
        pass
    exec("import os")

    def m(self, exec=None):
        return exec
