# regex_dna: a DNA sequence from a seeded linear congruential generator
# (weighted nucleotides, FASTA layout), then the shootout's regex-dna
# steps: strip headers and newlines, count the matches of eight
# alternations of 8-mers and their reverse complements, and expand the IUB
# ambiguity codes by substitution.
import re

LINES = 65000
WIDTH = 60


def fasta(n_lines):
    seed = 42
    symbols = "acgtBDHKMNRSVWY"
    weights = [27, 12, 12, 27, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]
    table = []
    for s, w in zip(symbols, weights):
        table += [s] * w
    out = [">ONE synthetic sequence"]
    for i in range(n_lines):
        row = []
        for _ in range(WIDTH):
            seed = (seed * 3877 + 29573) % 139968
            row.append(table[seed * len(table) // 139968])
        out.append("".join(row))
        if i == n_lines // 2:
            out.append(">TWO second part")
    return "\n".join(out) + "\n"


VARIANTS = [
    "agggtaaa|tttaccct",
    "[cgt]gggtaaa|tttaccc[acg]",
    "a[act]ggtaaa|tttacc[agt]t",
    "ag[act]gtaaa|tttac[agt]ct",
    "agg[act]taaa|ttta[agt]cct",
    "aggg[acg]aaa|ttt[cgt]ccct",
    "agggt[cgt]aa|tt[acg]accct",
    "agggta[cgt]a|t[acg]taccct",
]
IUB = [
    ("B", "(c|g|t)"), ("D", "(a|g|t)"), ("H", "(a|c|t)"), ("K", "(g|t)"),
    ("M", "(a|c)"), ("N", "(a|c|g|t)"), ("R", "(a|g)"), ("S", "(c|g)"),
    ("V", "(a|c|g)"), ("W", "(a|t)"), ("Y", "(c|t)"),
]

text = fasta(LINES)
seq = re.sub(">.*\n|\n", "", text)
for v in VARIANTS:
    print(v, len(re.findall(v, seq)))
expanded = seq
for code, alt in IUB:
    expanded = re.sub(code, alt, expanded)
print(len(text), len(seq), len(expanded))
