import random
random.seed(1)
print(random.choice([1, 2, 3]))
random.choice([])
