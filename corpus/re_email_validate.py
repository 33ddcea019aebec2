import re

EMAIL = re.compile(r"^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$")
candidates = [
    "john.doe@example.com", "jane_doe+news@mail.co.uk", "bad@", "@nouser.org",
    "no-at-sign.com", "weird@domain.c", "x@y.io", "space in@addr.com", "UPPER@CASE.ORG",
    "trailing@dot.com.", "multi@@at.com",
]
for c in candidates:
    print(f"{c!r:32} {'valid' if EMAIL.match(c) else 'invalid'}")

text = "Contact sales@acme.com or support@acme.co.uk; not me@localhost. Also Bob <bob.smith@work.net>."
found = re.findall(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+", text)
print(found)
domains = sorted({e.split("@")[1] for e in found})
print(domains)
masked = re.sub(r"([\w.+-])[\w.+-]*@", r"\1***@", text)
print(masked)
user, _, domain = re.fullmatch(r"([^@]+)(@)(.+)", "alice@wonder.land").groups()
print(user, domain)
