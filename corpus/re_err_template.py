import re
for pat, repl in [(r'(a)', r'\2'), (r'(a)', r'\g<2>'), (r'(a)', r'\g<x'), (r'(a)', r'\g'),
                  (r'(a)', r'\g<>'), (r'(a)', r'\g<1a>'), (r'(a)', r'\q'), (r'(a)', '\\'),
                  (r'(a)', r'\g<-1>')]:
    try:
        print(re.sub(pat, repl, 'a'))
    except re.error as e:
        print(repr(repl), "->", e)
try:
    re.sub('(a)', r'\g<name>', 'a')
except IndexError as e:
    print("IndexError:", e)
