# A bank ledger as a model writes it: classes, a custom exception, properties,
# class attributes, __repr__/__str__/__eq__, sorting by key, decorators.
def logged(fn):
    def wrapper(*args, **kwargs):
        result = fn(*args, **kwargs)
        print(f"  [{fn.__name__}] -> {result!r}")
        return result
    return wrapper

class InsufficientFunds(Exception):
    def __init__(self, needed, available):
        super().__init__(f"need {needed}, have {available}")
        self.needed = needed
        self.available = available

class Account:
    bank = "SafeBank"
    _next_id = 1

    def __init__(self, owner, balance=0):
        self.owner = owner
        self._balance = balance
        self.id = Account._next_id
        Account._next_id += 1
        self.history = []

    @property
    def balance(self):
        return self._balance

    @logged
    def deposit(self, amount):
        if amount <= 0:
            raise ValueError("amount must be positive")
        self._balance += amount
        self.history.append(("deposit", amount))
        return self._balance

    def withdraw(self, amount):
        if amount > self._balance:
            raise InsufficientFunds(amount, self._balance)
        self._balance -= amount
        self.history.append(("withdraw", amount))
        return self._balance

    def __repr__(self):
        return f"Account({self.owner!r}, {self._balance})"

    def __str__(self):
        return f"#{self.id} {self.owner}: {self._balance:.2f}"

    def __eq__(self, other):
        if not isinstance(other, Account):
            return NotImplemented
        return self.id == other.id

    def __hash__(self):
        return hash(self.id)

class SavingsAccount(Account):
    rate = 0.02

    def add_interest(self):
        interest = round(self.balance * self.rate, 2)
        return self.deposit(interest)

    def __repr__(self):
        return "Savings" + super().__repr__()

alice = Account("alice", 100)
bob = SavingsAccount("bob", 250)
alice.deposit(50)
bob.add_interest()
try:
    alice.withdraw(1000)
except InsufficientFunds as e:
    print("refused:", e, e.needed, e.available)
try:
    bob.deposit(-5)
except ValueError as e:
    print("refused:", e)
accounts = [bob, alice, SavingsAccount("carol", 75)]
for acc in sorted(accounts, key=lambda a: a.balance):
    print(acc, repr(acc), acc.bank)
print(alice == alice, alice == bob, alice != bob, alice == 3)
print(len({alice, bob, alice}), alice.history, bob.history)
print(isinstance(bob, Account), issubclass(SavingsAccount, Account), type(bob).__name__)
print(SavingsAccount.rate, Account.bank, bob.rate)
