# A custom exception with extra attributes, a __str__ override and a note,
# left uncaught in a nested call.
class InsufficientFunds(Exception):
    def __init__(self, balance, amount):
        super().__init__(balance, amount)
        self.balance = balance
        self.amount = amount
    def __str__(self):
        return f"cannot withdraw {self.amount}: balance is {self.balance}"

class Wallet:
    def __init__(self, balance):
        self.balance = balance
    def pay(self, amount):
        if amount > self.balance:
            err = InsufficientFunds(self.balance, amount)
            err.add_note(f"wallet had {self.balance}")
            raise err
        self.balance -= amount
        return self.balance

def shop(wallet, prices):
    for p in prices:
        print("paid", p, "left", wallet.pay(p))

shop(Wallet(10), [3, 4, 5])
