# property() in call form with fget/fset/fdel/doc, and property objects
# reused and extended with .getter/.setter.
class Account:
    def _get(self):
        return self._balance
    def _set(self, v):
        if v < 0:
            raise ValueError("negative balance")
        self._balance = v
    def _del(self):
        print("closing account")
        self._balance = 0
    balance = property(_get, _set, _del, "the balance")
    owner = property(lambda self: self._owner.title())

    def __init__(self, owner):
        self._owner = owner
        self.balance = 10

a = Account("ada lovelace")
print(a.balance, a.owner)
a.balance = 99
print(a.balance)
del a.balance
print(a.balance)
try:
    a.balance = -1
except ValueError as e:
    print("ValueError:", e)
print(Account.balance.__doc__)
print(Account.balance.fget is Account._get, Account.owner.fset)

class Strict(Account):
    @Account.balance.setter
    def balance(self, v):
        print("strict set", v)
        Account._set(self, v)

s = Strict("bob")
s.balance = 5
print(s.balance, s.owner)
try:
    a.owner = "x"
except AttributeError as e:
    print("AttributeError:", e)
