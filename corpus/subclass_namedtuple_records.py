# namedtuples as records: sorting by fields, grouping into dicts, rename=True,
# and keyword construction.
from collections import namedtuple

Employee = namedtuple("Employee", "name dept salary")
staff = [
    Employee("ann", "eng", 120),
    Employee("bob", "ops", 90),
    Employee(name="cy", dept="eng", salary=105),
    Employee._make(["di", "ops", 95]),
]
for e in sorted(staff, key=lambda e: (-e.salary, e.name)):
    print(f"{e.name:4}{e.dept:5}{e.salary:5}")
by_dept = {}
for e in staff:
    by_dept.setdefault(e.dept, []).append(e.name)
print(by_dept)
print(max(staff, key=lambda e: e.salary).name, sum(e.salary for e in staff))
raise_ = [e._replace(salary=e.salary + 10) for e in staff if e.dept == "ops"]
print(raise_)
R = namedtuple("R", ["ok", "def", "ok", "_x", "2"], rename=True)
print(R._fields, R(1, 2, 3, 4, 5))
print(Employee("a", "b", 1)._asdict()["dept"], Employee.__name__)
try:
    namedtuple("Bad", ["a", "class"])
except ValueError as e:
    print("ValueError:", e)
