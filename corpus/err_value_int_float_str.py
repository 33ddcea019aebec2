print(int('1.5'))
