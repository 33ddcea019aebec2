"""Benchmark harness behind tests/bench.sh (run by the reference python3).

    python3 tests/bench/harness.py BENCH_RUN SAFEPY PYTHON [FILTER]

Each program below runs under PYTHON and under SAFEPY, interleaved, BENCH_RUNS
times (default 3; BENCH_QUICK=1 makes it one), each run through BENCH_RUN
(bench_run.c).  Per program: the minimum CPU time (user + system) and wall
time of the whole process under each, their ratios safepy/python3, the peak
resident memory of each (max over the runs) and its ratio; then the
geometric means of the ratios.  Every program is sized so that python3
spends at least a second in it, so start-up is negligible and is never
subtracted: it is measured on its own line (the CPU time of an empty
program under safepy, python3, python3 -S and /bin/true).  Then the memory
of a million two-attribute instances, the lint of a 10,000-line file and
the in-process analysis of a 50-line program.  Timing is informational: the
exit status is 1 only when an output differs from python3's or a run fails.
"""
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile

# (file name without .py, what it measures).  NAME.flags holds the run
# options of a program (--allow-module for an opt-in module).  The pp_*
# programs are our own implementations of the workloads of the pyperformance
# suite (same idea, our code); the others are ours from the start.
PROGRAMS = [
    ("fib", "recursion: naive fib"),
    ("recursion", "recursion: ackermann, hanoi, n-queens, memo"),
    ("loops", "nested integer loops, while"),
    ("floats", "float arithmetic"),
    ("strings", "string building, split, join, slicing"),
    ("containers", "dict/list building, sort"),
    ("dicts_sets", "dict and set heavy: counting, grouping, set algebra"),
    ("lists", "list heavy: matrix product, stack, slices"),
    ("sort_keys", "sorting with key functions"),
    ("comprehensions", "list/dict/set comprehensions"),
    ("genpipe", "pipeline of three generators"),
    ("gensum", "generator expressions into sum/any/all/max/join"),
    ("bigint", "big integers"),
    ("strformat", "f-strings, str.format, %-formatting"),
    ("exceptions", "exceptions raised and caught in loops"),
    ("itertools_collections", "itertools and collections"),
    ("mathrandom", "math functions and seeded random"),
    ("typical_task", "typical model task: parse, aggregate, report"),
    ("classes", "classes with method calls and properties"),
    ("class_ops", "class with __init__, operator methods and a property in a loop"),
    ("regex", "regular expressions"),
    ("datetime_arith", "datetime arithmetic"),
    ("json_codec", "json.dumps/loads of a 3 MB document, indent and sort_keys"),
    ("fractions_arith", "Fraction arithmetic, comparisons, limit_denominator (exact big rationals)"),
    ("decimal_money", "decimal invoicing: parse, multiply, quantize to cents, sum, format"),
    ("deepcopy_tree", "copy.deepcopy of nested dicts, lists, instances and __deepcopy__ hooks"),
    ("dataclasses_records", "dataclasses: generated eq/order/hash/repr, sort, replace, asdict"),
    ("pp_richards", "pyperformance richards: OS task scheduler simulation"),
    ("pp_deltablue", "pyperformance deltablue: incremental constraint solver"),
    ("pp_chaos", "pyperformance chaos: chaos game over B-splines"),
    ("pp_go", "pyperformance go: Monte-Carlo tree search, 9x9 Go"),
    ("pp_hexiom", "pyperformance hexiom: hexagonal tile puzzle search"),
    ("pp_nbody", "pyperformance nbody: gravitational n-body floats"),
    ("pp_raytrace", "pyperformance raytrace: recursive ray tracer"),
    ("pp_spectral_norm", "pyperformance spectral_norm: power iteration"),
    ("pp_fannkuch", "pyperformance fannkuch: pancake flips over permutations"),
    ("pp_nqueens", "pyperformance nqueens: permutations filtered on diagonals"),
    ("pp_float", "pyperformance float: small float objects, sin/cos, normalize"),
    ("pp_pidigits", "pyperformance pidigits: pi spigot in big integers"),
    ("pp_unpack_sequence", "pyperformance unpack_sequence: tuple/list unpacking"),
    ("pp_generators", "pyperformance generators: recursive yield from over a tree"),
    ("pp_coroutines", "pyperformance coroutines: recursive await driven by send"),
    ("pp_meteor_contest", "pyperformance meteor_contest: pentomino exact cover on bit masks"),
    ("pp_regex_v8", "pyperformance regex_v8: web-page regexes, sub with a function"),
    ("pp_regex_effbot", "pyperformance regex_effbot: small patterns, search/match/fullmatch"),
    ("pp_regex_dna", "pyperformance regex_dna: DNA variant counting and IUB substitution"),
    ("pp_btree", "pyperformance btree: B-tree insert, lookup, delete, iterate"),
    ("pp_scimark", "pyperformance scimark: SOR, Monte Carlo, sparse matmult, LU, FFT"),
    ("pp_json_dumps", "pyperformance json_dumps: json.dumps of three document shapes"),
    ("pp_json_loads", "pyperformance json_loads: json.loads of three document shapes"),
    ("pp_deepcopy", "pyperformance deepcopy: copy.deepcopy with memo, cycles, hooks"),
    ("pp_pprint", "pyperformance pprint: pformat of a large nested structure"),
    ("pp_telco", "pyperformance telco: decimal call pricing"),
    ("pp_mdp", "pyperformance mdp: exact Fraction value iteration of a duel"),
]
# Programs for parts not implemented yet: (name, what, why), listed, not run.
# To enable one, move it to PROGRAMS.
SKIPPED = [
]

TIMEOUT_S = 300
# safepy's limits, raised so that they never decide a benchmark
SAFEPY_LIMITS = ["--timeout", str(TIMEOUT_S - 10), "--max-memory", "4G", "--max-output", "64M"]
BENCH_RUN = ""  # the bench_run helper (bench_run.c), from the command line


class RunError(Exception):
    pass


def run_once(argv, out_path, err_path, cwd):
    """Runs argv through bench_run; returns (wall s, cpu s, maxrss KB, exit code)."""
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONIOENCODING="utf-8")
    r = subprocess.run([BENCH_RUN, out_path, err_path, str(TIMEOUT_S)] + argv, cwd=cwd, env=env,
                       stdout=subprocess.PIPE, check=False)
    fields = r.stdout.decode().split()
    if r.returncode != 0 or len(fields) != 4:
        raise RunError(f"bench_run failed (exit {r.returncode})")
    return float(fields[0]), float(fields[1]), int(fields[2]), int(fields[3])


def last_line(path):
    try:
        with open(path, "rb") as f:
            lines = f.read().decode("utf-8", "replace").strip().splitlines()
        return lines[-1][:200] if lines else ""
    except OSError:
        return ""


def geomean(xs):
    return math.exp(sum(math.log(max(x, 1e-6)) for x in xs) / len(xs))


def main():
    global BENCH_RUN
    if len(sys.argv) not in (4, 5):
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 64
    BENCH_RUN, safepy, python = sys.argv[1], sys.argv[2], sys.argv[3]
    flt = sys.argv[4] if len(sys.argv) == 5 else ""
    quick = os.environ.get("BENCH_QUICK", "") not in ("", "0")
    runs = 1 if quick else max(1, int(os.environ.get("BENCH_RUNS", "3")))
    here = os.path.dirname(os.path.abspath(__file__))
    tmp = tempfile.mkdtemp(prefix="safepy-bench-")
    paths = {k: os.path.join(tmp, k) for k in ("py.out", "py.err", "sp.out", "sp.err")}
    failed = False
    cpu_ratios, wall_ratios, mem_ratios = [], [], []
    worst = []
    try:
        load = open("/proc/loadavg").read().split()[:3]
    except OSError:
        load = ["?"]
    print(f"{runs} run(s) each, interleaved; minimum CPU (user+sys) and wall time of the whole process;"
          f" memory: peak RSS; load average {' '.join(load)}")
    print(f"{'program':<24}{'py cpu':>8}{'sp cpu':>8}{'cpu x':>7}{'py wall':>8}{'sp wall':>8}{'wall x':>7}"
          f"{'py MB':>7}{'sp MB':>7}{'mem x':>6}")
    try:
        for name, what in PROGRAMS:
            if flt not in name:
                continue
            prog = name + ".py"
            flags_path = os.path.join(here, name + ".flags")
            flags = open(flags_path).read().split() if os.path.exists(flags_path) else []
            pyc, pyw, spc, spw, pym, spm = [], [], [], [], 0, 0
            err = None
            for _ in range(runs):
                w, c, m, rc = run_once([python, prog], paths["py.out"], paths["py.err"], here)
                if rc != 0:
                    err = f"python3 failed (exit {rc}): {last_line(paths['py.err'])}"
                    break
                pyw.append(w)
                pyc.append(c)
                pym = max(pym, m)
                w, c, m, rc = run_once([safepy, "run"] + SAFEPY_LIMITS + flags + [prog], paths["sp.out"],
                                       paths["sp.err"], here)
                if rc != 0:
                    err = f"SAFEPY FAILED (exit {rc}): {last_line(paths['sp.err'])}"
                    break
                spw.append(w)
                spc.append(c)
                spm = max(spm, m)
                with open(paths["py.out"], "rb") as f1, open(paths["sp.out"], "rb") as f2:
                    if f1.read() != f2.read():
                        err = "WRONG ANSWER: safepy's output differs from python3's"
                        break
            if err:
                print(f"{name:<24}{err}")
                failed = True
                continue
            p, s = min(pyc), min(spc)
            cr = s / p if p > 0 else float("inf")
            wr = min(spw) / min(pyw) if min(pyw) > 0 else float("inf")
            mr = spm / pym if pym > 0 else float("inf")
            cpu_ratios.append(cr)
            wall_ratios.append(wr)
            mem_ratios.append(mr)
            worst.append((cr, name))
            short = "  (python3 under 1 s: too small)" if p < 1.0 else ""
            print(f"{name:<24}{p:>7.2f}s{s:>7.2f}s{cr:>7.2f}{min(pyw):>7.2f}s{min(spw):>7.2f}s{wr:>7.2f}"
                  f"{pym / 1024:>7.1f}{spm / 1024:>7.1f}{mr:>6.2f}{short}")
        for name, what, why in SKIPPED:
            if flt in name:
                print(f"{name:<24}skipped: {why} ({what})")
        if cpu_ratios:
            print(f"geometric mean over {len(cpu_ratios)} programs (safepy/python3): CPU {geomean(cpu_ratios):.2f},"
                  f" wall {geomean(wall_ratios):.2f}, peak memory {geomean(mem_ratios):.2f}")
            worst.sort(reverse=True)
            print("slowest relative to python3 (CPU): "
                  + ", ".join(f"{n} {r:.2f}" for r, n in worst[:5]))
        if not flt or flt in "startup":
            startup(safepy, python, tmp, paths, quick)
        if not flt or flt in "instances":
            instances(safepy, python, tmp, paths)
        if not flt or flt in "lint":
            lint_10k(safepy, tmp, paths)
        if not flt or flt in "analysis":
            analysis_50(safepy)
    except RunError as e:
        print(f"bench: {e}")
        failed = True
    finally:
        for p in paths.values():
            if os.path.exists(p):
                os.unlink(p)
        for f in ("empty.py", "lint10k.py", "instances.py", "instances0.py"):
            if os.path.exists(os.path.join(tmp, f)):
                os.unlink(os.path.join(tmp, f))
        os.rmdir(tmp)
    if failed:
        print("bench: WRONG ANSWER or failure (see above)")
        return 1
    return 0


def startup(safepy, python, tmp, paths, quick):
    """Process CPU time (user + system) and wall time of an empty program,
    beside /bin/true (the cost of any process) and python3 -S (python3
    without its site module)."""
    empty = os.path.join(tmp, "empty.py")
    with open(empty, "w"):
        pass
    n = 5 if quick else max(5, int(os.environ.get("BENCH_STARTUP_RUNS", "30")))
    cmds = (("safepy", [safepy, "run", empty]), ("python3", [python, empty]),
            ("python3 -S", [python, "-S", empty]), ("/bin/true", ["/bin/true"]))
    res = {label: ([], [], 0) for label, _ in cmds}
    for _ in range(n):
        for label, argv in cmds:
            w, c, m, rc = run_once(argv, paths["sp.out"], paths["sp.err"], tmp)
            if rc != 0:
                raise RunError(f"{label} failed on an empty program (exit {rc})")
            walls, cpus, mem = res[label]
            walls.append(w)
            cpus.append(c)
            res[label] = (walls, cpus, max(mem, m))
    parts = []
    for label, _ in cmds:
        walls, cpus, mem = res[label]
        parts.append(f"{label} {statistics.median(cpus) * 1000:.1f} ms cpu, "
                     f"{statistics.median(walls) * 1000:.1f} ms wall, {mem / 1024:.1f} MB")
    print(f"startup (empty program, median of {n}): " + "; ".join(parts))


INSTANCES = 1000000


def instances(safepy, python, tmp, paths):
    """Peak RSS of a million live instances of a class with two attributes,
    minus that of the same program that makes none: bytes per instance."""
    body = ("class P:\n"
            "    def __init__(self, x, y):\n"
            "        self.x = x\n"
            "        self.y = y\n"
            "n = %d\n"
            "keep = [P(i, None) for i in range(n)]\n"
            "print(len(keep))\n")
    files = []
    for fname, n in (("instances0.py", 0), ("instances.py", INSTANCES)):
        path = os.path.join(tmp, fname)
        with open(path, "w") as f:
            f.write(body % n)
        files.append(path)
    per = {}
    for label, argv in (("python3", [python]), ("safepy", [safepy, "run"] + SAFEPY_LIMITS)):
        rss = []
        for path in files:
            w, c, m, rc = run_once(argv + [path], paths["sp.out"], paths["sp.err"], tmp)
            if rc != 0:
                raise RunError(f"{label} failed on the instance program (exit {rc}): {last_line(paths['sp.err'])}")
            rss.append(m)
        per[label] = (rss[1] - rss[0]) * 1024 / INSTANCES
    print(f"memory per instance (a million two-attribute instances in a list, peak RSS delta):"
          f" python3 {per['python3']:.0f} B, safepy {per['safepy']:.0f} B,"
          f" ratio {per['safepy'] / per['python3']:.2f}")


def lint_10k(safepy, tmp, paths):
    """`safepy lint` of a 10,000-line file: corpus programs (the ones
    python3 compiles), concatenated and cut at 10,000 lines (issue 8 asks
    for under 100 ms)."""
    corpus = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "corpus")
    lines = []
    for name in sorted(os.listdir(corpus)):
        if not name.endswith(".py") or len(lines) >= 10000:
            continue
        with open(os.path.join(corpus, name), encoding="utf-8") as f:
            text = f.read()
        if "__future__" in text:
            continue
        try:
            compile(text, name, "exec")
        except SyntaxError:
            continue
        lines += text.splitlines()
    # cut at 10,000 lines, or earlier where the cut would split a statement
    # (a decorator without its class...), the rest filled with `pass`
    src = None
    for cut in range(min(10000, len(lines)), 9000, -1):
        if cut < len(lines) and lines[cut][:1] in (" ", "\t"):
            continue
        text = "\n".join(lines[:cut] + ["pass"] * (10000 - cut)) + "\n"
        try:
            compile(text, "lint10k.py", "exec")
        except SyntaxError:
            continue
        src = text
        break
    if src is None:
        print("lint (10,000 lines): skipped, the cut file is not valid Python")
        return
    path = os.path.join(tmp, "lint10k.py")
    with open(path, "w", encoding="utf-8") as f:
        f.write(src)
    n = max(3, int(os.environ.get("BENCH_RUNS", "5")))
    walls, cpus, mem = [], [], 0
    for _ in range(n):
        w, c, m, rc = run_once([safepy, "lint", "--format", "json", "--exit-zero", path], paths["sp.out"],
                               paths["sp.err"], tmp)
        if rc != 0:
            raise RunError(f"safepy lint failed on the 10,000-line file (exit {rc}): {last_line(paths['sp.err'])}")
        with open(paths["sp.out"], encoding="utf-8") as f:
            if any(d.get("rule") == "syntax" for d in json.load(f).get("diagnostics", [])):
                raise RunError("safepy lint reports a syntax error in the 10,000-line file, which python3 compiles")
        walls.append(w)
        cpus.append(c)
        mem = max(mem, m)
    print(f"lint (10,000 lines, median of {n}): {statistics.median(walls) * 1000:.0f} ms wall, "
          f"{statistics.median(cpus) * 1000:.0f} ms cpu, {mem / 1024:.1f} MB")


def analysis_50(safepy):
    """The analysis of a typical 50-line run_python call (parse + rules),
    timed inside the process by analyze_time (tests/bench/analyze_time.c,
    built beside the binary by `make bench`); issue 8 asks for under 1 ms."""
    prog = os.path.join(os.path.dirname(os.path.abspath(__file__)), "analysis", "typical50.py")
    tool = os.path.join(os.path.dirname(safepy), "analyze_time")
    if not os.access(tool, os.X_OK):
        print("analysis (50-line run_python call): skipped, no analyze_time beside the binary (make bench builds it)")
        return
    r = subprocess.run([tool, prog], stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False)
    fields = r.stdout.decode().split()
    if r.returncode != 0 or len(fields) != 4:
        raise RunError(f"analyze_time failed (exit {r.returncode}): {r.stderr.decode().strip()[:200]}")
    median, first, calls, lines = float(fields[0]), float(fields[1]), int(fields[2]), int(fields[3])
    print(f"analysis ({lines}-line run_python call, parse + rules in process, median of {calls}): "
          f"{median / 1000:.3f} ms; first call {first / 1000:.3f} ms")


if __name__ == "__main__":
    sys.exit(main())
