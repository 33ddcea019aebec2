# math: a str where a real number is expected
import math
print(math.floor(-0.5))
math.cos('1')
