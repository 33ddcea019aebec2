# expect: exit=2 stderr="subprocess"
import subprocess
subprocess.run(["id"])
