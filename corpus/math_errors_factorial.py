# math: factorial of a float is refused
import math
print(math.factorial(10))
math.factorial(10.0)
