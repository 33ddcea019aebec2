import re

RULES = [
    (r'.{8,}', 'at least 8 characters'),
    (r'[A-Z]', 'an uppercase letter'),
    (r'[a-z]', 'a lowercase letter'),
    (r'\d', 'a digit'),
    (r'[^\w\s]', 'a symbol'),
]

def check(pw):
    missing = [desc for pat, desc in RULES if not re.search(pat, pw)]
    if re.search(r'(.)\1\1', pw):
        missing.append('no character three times in a row')
    if re.search(r'(?i)password|1234|qwerty', pw):
        missing.append('no common words')
    return missing

for pw in ['short', 'password123', 'Str0ng!Pass', 'aaaBBB111!!!', 'Qwerty!9x', 'N0-Problems']:
    problems = check(pw)
    print(f"{pw:14} {'OK' if not problems else 'needs: ' + ', '.join(problems)}")
