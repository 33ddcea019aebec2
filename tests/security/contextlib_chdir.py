# args: --allow-module contextlib
# expect: exit=1 stdout="class ok" stderr="NotImplementedError: contextlib.chdir is not supported by safepy"
# contextlib.chdir would change the process's working directory: safepy has
# no file system, so making one is refused loudly, naming it (the class
# itself exists, as in CPython's module, so a program that only imports it
# still runs).
import contextlib

print("class", "ok" if issubclass(contextlib.chdir, contextlib.AbstractContextManager) else "missing")
with contextlib.chdir("/"):
    print("not reached")
