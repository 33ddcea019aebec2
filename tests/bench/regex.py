# regular expressions
import re

# sized for about a second of python3: the whole program, ROUNDS times
ROUNDS = 17
for _round in range(ROUNDS):
    lines = [f'user{i}@example{i % 7}.com visited /page/{i % 100}?q={i * 3}' for i in range(50000)]
    pat = re.compile(r'(\w+)@(\w+)\.com visited (/page/\d+)\?q=(\d+)')
    total = 0
    domains = {}
    for ln in lines:
        m = pat.match(ln)
        if m:
            total += int(m.group(4))
            domains[m.group(2)] = domains.get(m.group(2), 0) + 1
    print(total, sorted(domains.items())[:3])
    print(len(re.findall(r'\d+', ' '.join(lines[:5000]))), re.sub(r'(\d)', r'<\1>', lines[0]))
