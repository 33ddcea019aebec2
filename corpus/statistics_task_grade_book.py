from statistics import mean, median, mode, multimode, stdev, pstdev, quantiles, fmean, StatisticsError

GRADES = {
    "math":    {"ann": [88, 92, 79, 95], "ben": [72, 65, 80, 70], "cho": [95, 98, 100, 97], "dev": [60, 58, 75, 62], "eli": [85]},
    "physics": {"ann": [91, 89], "ben": [55, 61, 58], "cho": [99, 97, 100], "dev": [70, 72, 68, 75], "eli": []},
    "art":     {"ann": [100, 100], "ben": [90, 95], "cho": [85, 80, 88], "dev": [92, 94], "eli": [99, 98, 97]},
}
WEIGHTS = {"math": 0.5, "physics": 0.3, "art": 0.2}

def letter(score):
    for cut, l in ((90, "A"), (80, "B"), (70, "C"), (60, "D")):
        if score >= cut:
            return l
    return "F"

final = {}
for subject, book in GRADES.items():
    print("==", subject)
    avgs = {}
    for student, marks in sorted(book.items()):
        try:
            avg = mean(marks)
        except StatisticsError as e:
            print("  %-4s no marks (%s)" % (student, e))
            continue
        spread = stdev(marks) if len(marks) > 1 else 0.0
        avgs[student] = avg
        print("  %-4s mean %6.2f median %5.1f spread %5.2f %s" % (student, avg, median(marks), spread, letter(avg)))
        final.setdefault(student, {})[subject] = avg
    vals = list(avgs.values())
    print("  class: mean %.2f median %.2f pstdev %.3f" % (mean(vals), median(vals), pstdev(vals)))
    print("  letters:", sorted(letter(v) for v in vals), "most common:", multimode(letter(v) for v in vals))
    if len(vals) >= 2:
        print("  quartiles:", [round(q, 2) for q in quantiles(vals, n=4)])

print("== weighted finals")
for student in sorted(final):
    subj = final[student]
    names = sorted(subj)
    score = fmean([subj[s] for s in names], weights=[WEIGHTS[s] for s in names])
    print("  %-4s %6.2f %s over %s" % (student, score, letter(score), ",".join(names)))
all_marks = [m for book in GRADES.values() for marks in book.values() for m in marks]
print("all marks: n=%d mean=%.3f median=%s mode=%s" % (len(all_marks), mean(all_marks), median(all_marks), mode(all_marks)))
top = sorted(final, key=lambda s: -fmean(final[s].values()))
print("ranking:", top)
