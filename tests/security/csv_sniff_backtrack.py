# args: --allow-module csv --timeout 3
# expect: exit=3 stderr="time limit" seconds=20
# Sniffer.sniff's quote expressions (.*? up to a backreference, DOTALL) over
# a sample of delimiters and opening quotes that never close as they want:
# every start scans to the end, quadratic in the sample (CPython takes
# minutes). The scan is charged to the time limit, which stops it.
import csv

sample = ',"a' * 400_000
print(len(sample))
csv.Sniffer().sniff(sample)
print('not reached')
