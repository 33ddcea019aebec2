# expect: exit=2 stderr="shutil" stdout_max=0
# refused before anything runs: nothing is printed
print("must not print")
if False:
    import shutil
