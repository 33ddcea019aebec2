# Payroll: an employee hierarchy with overridden pay(), class-level rates,
# a __str__ table, validation with a custom exception, and grouping.
class PayrollError(Exception):
    pass

class Employee:
    next_id = 100
    def __init__(self, name):
        if not name:
            raise PayrollError("employee needs a name")
        self.name = name
        self.id = Employee.next_id
        Employee.next_id += 1
    def pay(self):
        raise NotImplementedError
    @property
    def kind(self):
        return type(self).__name__.lower()
    def __str__(self):
        return f"#{self.id} {self.name:<6} {self.kind:<10} {self.pay():>9.2f}"

class Salaried(Employee):
    def __init__(self, name, yearly):
        super().__init__(name)
        self.yearly = yearly
    def pay(self):
        return self.yearly / 12

class Hourly(Employee):
    overtime_rate = 1.5
    def __init__(self, name, rate, hours):
        super().__init__(name)
        self.rate, self.hours = rate, hours
    def pay(self):
        base = min(self.hours, 160) * self.rate
        extra = max(0, self.hours - 160) * self.rate * self.overtime_rate
        return base + extra

class Contractor(Hourly):
    overtime_rate = 1.0

class Manager(Salaried):
    def __init__(self, name, yearly, reports):
        super().__init__(name, yearly)
        self.reports = reports
    def pay(self):
        return super().pay() + 100 * len(self.reports)

staff = [Salaried("ann", 60000), Hourly("bob", 20, 170), Contractor("cy", 50, 180)]
staff.append(Manager("di", 90000, staff[:2]))
for e in staff:
    print(e)
try:
    Hourly("", 10, 1)
except PayrollError as e:
    print("PayrollError:", e)
by_kind = {}
for e in staff:
    by_kind[e.kind] = by_kind.get(e.kind, 0) + e.pay()
print({k: round(v, 2) for k, v in sorted(by_kind.items())})
print(f"total {sum(e.pay() for e in staff):.2f}", Employee.next_id)
print([e.name for e in staff if isinstance(e, Hourly)], issubclass(Manager, Salaried))
