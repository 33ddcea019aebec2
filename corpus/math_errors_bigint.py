# math: an int too large for a float, where no exact path exists
import math
print(math.log(10**400))
math.sin(10**400)
