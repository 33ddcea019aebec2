# expect: exit=2 stderr="SP101" stderr="'os'"
# The fallback of an optional import is not itself guarded: importing os
# there is refused before anything runs.
try:
    import posix
except ImportError:
    import os
print(os.listdir("/"))
