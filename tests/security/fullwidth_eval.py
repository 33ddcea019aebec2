# expect: exit=2 stderr="eval"
# NFKC: the fullwidth identifier is the name eval, exactly as CPython reads it
print(ｅｖａｌ('1'))
