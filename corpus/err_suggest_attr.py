# AttributeError suggests a close attribute of the object
class Account:
    def __init__(self):
        self.balance = 10
    def deposit(self, x):
        self.balance += x
a = Account()
a.deposit(5)
print(a.balanse)
