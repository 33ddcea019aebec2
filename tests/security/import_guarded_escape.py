# expect: exit=0 stdout="ModuleNotFoundError No module named 'os' os None" stdout="No module named 'subprocess'" stdout="No module named 'ctypes'" stdout="got nothing"
# An optional import of an escape module runs (the sandbox profile lets a
# guarded import through) and gets nothing: every module outside safepy's
# own raises ModuleNotFoundError, and the exception carries no route out.
got = []
try:
    import os
    got.append(os)
except ImportError as e:
    print(type(e).__name__, e, e.name, e.path)
try:
    import os.path as osp
    got.append(osp)
except ImportError as e:
    print(e)
try:
    from subprocess import run
    got.append(run("id", shell=True))
except ImportError as e:
    print(e)
for attempt in range(2):
    try:
        import sys, builtins, importlib, ctypes
        got.append(sys.modules)
    except Exception as e:
        print(e, e.args)
try:
    import ctypes
except:
    print("No module named 'ctypes'")
try:
    import posix, _thread, gc
except BaseException as e:
    print(type(e).__name__, e)
print("got nothing" if not got else got)
