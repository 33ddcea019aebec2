print('tab\there')
print('new\nline')
print('back\\slash', 'quote\'s', "dq\"s")
print(repr('tab\there'), repr('new\nline'), repr('back\\slash'))
print(repr("it's"), repr('a"b'), repr('both \' and "'), repr("plain"))
print(repr('\x00\x01\x7f'), repr('\r'), repr('\x80'), repr('\xa0'), repr('\xe9'))
print(r'raw\n', repr(r'raw\n'), len(r'\n'), len('\n'))
print("""triple
quoted""")
print('''another
one''')
print('a' 'b' 'c', "con" 'cat')
print(repr('\u200b'), repr('\u2028'), repr('\U0001f600'))
