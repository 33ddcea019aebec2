import time
# ruleid: EX2
time.sleep(600)
# ok: EX2
time.sleep(2)
# ok: EX2
sleep(600)
