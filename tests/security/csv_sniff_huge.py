# args: --allow-module csv --max-memory 64M --timeout 20
# expect: exit=3 stderr="memory" stdout="sample ok" seconds=30
# Sniffer.sniff over a sample of ten million short lines: the frequency
# pass's table of lines grows under the session's memory accounting and
# stops at the limit, never past it.
import csv

sample = 'a;b\n' * 10_000_000
print('sample ok')
print(csv.Sniffer().sniff(sample).delimiter)
print('not reached')
