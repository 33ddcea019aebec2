# Keywords refused by the time functions: METH_VARARGS ones name themselves bare
# (strftime()), METH_O and METH_NOARGS ones qualified (time.sleep()).
import time
for n in ["asctime", "ctime", "gmtime", "localtime", "mktime", "monotonic", "monotonic_ns", "perf_counter", "perf_counter_ns", "process_time", "process_time_ns", "sleep", "strftime", "strptime", "thread_time", "thread_time_ns", "time", "time_ns"]:
    try:
        getattr(time, n)(x=1)  # safepy: ignore[SP305]
    except TypeError as e:
        print(n, e)
