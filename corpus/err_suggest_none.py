# no suggestion when nothing is close
print(zzqx)
