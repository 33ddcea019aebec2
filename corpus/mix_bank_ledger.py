# A bank ledger: accounts, transfers with rollback on failure, a custom
# exception hierarchy, a transaction context manager and a statement report.
class BankError(Exception):
    pass

class InsufficientFunds(BankError):
    def __init__(self, account, amount):
        super().__init__(f"{account.owner} cannot pay {amount:.2f} (balance {account.balance:.2f})")
        self.amount = amount

class FrozenAccount(BankError):
    pass

class Account:
    def __init__(self, owner, balance=0.0):
        self.owner = owner
        self.balance = balance
        self.frozen = False
        self.entries = []

    def post(self, amount, memo):
        if self.frozen:
            raise FrozenAccount(f"{self.owner} is frozen")
        if self.balance + amount < 0:
            raise InsufficientFunds(self, -amount)
        self.balance += amount
        self.entries.append((memo, amount))

class Transaction:
    def __init__(self, *accounts):
        self.accounts = accounts
    def __enter__(self):
        self.snapshot = [(a.balance, len(a.entries)) for a in self.accounts]
        return self
    def __exit__(self, et, ev, tb):
        if et is not None:
            for a, (bal, n) in zip(self.accounts, self.snapshot):
                a.balance = bal
                del a.entries[n:]
            print(f"  rolled back: {ev}")
        return isinstance(ev, BankError)

def transfer(src, dst, amount):
    with Transaction(src, dst):
        dst.post(amount, f"from {src.owner}")
        src.post(-amount, f"to {dst.owner}")
        return True
    return False

alice, bob, carol = Account("alice", 100), Account("bob", 20), Account("carol")
print(transfer(alice, bob, 30))
print(transfer(bob, carol, 80))
carol.frozen = True
print(transfer(alice, carol, 10))
carol.frozen = False
print(transfer(bob, carol, 50))
for acct in (alice, bob, carol):
    print(f"{acct.owner:6} {acct.balance:8.2f}  {acct.entries}")
total = sum(a.balance for a in (alice, bob, carol))
print(f"total {total:.2f}")
