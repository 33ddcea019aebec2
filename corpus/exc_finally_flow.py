# try/except/else/finally ordering with return, break and continue; finally
# overriding a return value and swallowing an exception.
def f(x):
    log = []
    try:
        log.append("try")
        if x == 0:
            raise ValueError("zero")
        if x == 1:
            return log + ["returned"]
    except ValueError:
        log.append("except")
    else:
        log.append("else")
    finally:
        log.append("finally")
    log.append("after")
    return log

print(f(0))
print(f(1))
print(f(2))

def override():
    try:
        return "try"
    finally:
        return "finally"

def swallow():
    try:
        raise KeyError("lost")
    finally:
        return "swallowed"

print(override(), swallow())

out = []
for i in range(5):
    try:
        if i == 1:
            continue
        if i == 3:
            break
        out.append(i)
    finally:
        out.append(f"f{i}")
print(out)

def nested():
    try:
        try:
            raise TypeError("inner")
        finally:
            print("inner finally")
    except TypeError as e:
        print("outer caught", e)
        return "done"
    finally:
        print("outer finally")
print(nested())
