try:
    1 / 0
except ZeroDivisionError as e:
    # ruleid: EX3
    f = e.__traceback__.tb_frame
    # ruleid: EX3
    n = e.__traceback__.tb_next
    # ok: EX3
    msg = str(e)
