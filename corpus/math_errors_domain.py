# math: an uncaught domain error ends the program
import math
print(math.sqrt(4.0))
print(math.sqrt(-1))
print('not reached')
