# try/except/else/finally inside loops, with the else running only when
# nothing was raised, and the counts kept across iterations.
stats = {"ok": 0, "bad": 0, "cleanup": 0}
results = []
for raw in ["10", "x", "0", "5", "", "-2"]:
    try:
        n = int(raw)
        value = 100 // n
    except ValueError:
        stats["bad"] += 1
        results.append(f"{raw!r}: not a number")
    except ZeroDivisionError as e:
        stats["bad"] += 1
        results.append(f"{raw!r}: {e}")
    else:
        stats["ok"] += 1
        results.append(f"{raw!r}: {value}")
    finally:
        stats["cleanup"] += 1
print("\n".join(results))
print(stats)

def first_positive(items):
    for i, x in enumerate(items):
        try:
            if x > 0:
                return i
        finally:
            print(f"  checked {x}")
    return None

print(first_positive([-1, 0, 3, 4]), first_positive([]))
