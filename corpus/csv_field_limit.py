import csv

print(csv.field_size_limit())
print(csv.field_size_limit(10))
print(list(csv.reader(['0123456789,x'])))
for line in ['01234567890', '"01234567890"', 'a,b,"c\nd", 0123456789x']:
    try:
        print(list(csv.reader([line])))
    except csv.Error as e:
        print('Error:', e)
print(csv.field_size_limit(0))
try:
    list(csv.reader(['a']))
except csv.Error as e:
    print('Error:', e)
print(list(csv.reader(['', ',', '""'])))
print(csv.field_size_limit(-5))
try:
    list(csv.reader(['a']))
except csv.Error as e:
    print('Error:', e)
print(csv.field_size_limit(131072))

# a huge field stops at the limit, never earlier and never later
big = 'x' * 131072
print(len(list(csv.reader([big]))[0][0]))
try:
    list(csv.reader([big + 'y']))
except csv.Error as e:
    print('Error:', e)
# a field spread over many lines counts them all
lines = ['"' + 'z' * 1000] + ['z' * 1000] * 200 + ['"']
try:
    list(csv.reader(lines))
except csv.Error as e:
    print('Error:', e)
