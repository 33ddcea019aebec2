s = 'héllo'
print(s[4])
print(s[5])
