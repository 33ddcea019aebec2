# args: --allow-module calendar --max-memory 64M
# expect: exit=3 stderr="memory limit" seconds=20
# A year calendar with absurd widths stops at the memory limit.
import calendar
calendar.calendar(2024, 10**7, 10**3)
