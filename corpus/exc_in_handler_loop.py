# Errors collected in a loop, retried, and summarised; exceptions stored in a
# list keep their attributes after the handler ends.
class RetryableError(Exception):
    def __init__(self, msg, attempt):
        super().__init__(msg)
        self.attempt = attempt

def work(job, attempt):
    if job % 3 == 0 and attempt < 2:
        raise RetryableError(f"job {job} busy", attempt)
    if job == 4:
        raise ValueError(f"job {job} invalid")
    return job * 10

results, failures = {}, []
for job in range(1, 7):
    for attempt in range(3):
        try:
            results[job] = work(job, attempt)
            break
        except RetryableError as e:
            failures.append(e)
            continue
        except ValueError as e:
            failures.append(e)
            break

print(results)
for f in failures:
    print(type(f).__name__, f, getattr(f, "attempt", "-"))
print(len([f for f in failures if isinstance(f, RetryableError)]))
