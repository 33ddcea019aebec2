/* analyze_time.c - the in-process cost of analyzing one run_python call.
 *
 *   analyze_time FILE [CALLS]      (built by `make bench` as build/analyze_time)
 *
 * What the MCP server does with each run_python call before anything runs:
 * an_parse_new (tokenizer, tree-sitter, the syntax checks) and an_check
 * with the sandbox profile's rules, loaded once at start-up as the server
 * does.  Prints the median time of one parse + check over CALLS calls
 * (default 2000, in batches of 50 so that the clock's cost does not
 * count) and the first call's (cold caches).  Issue 8 asks for under 1 ms
 * on a typical 50-line program (tests/bench/analysis/typical50.py).
 * Exit 1 when the program does not analyze cleanly (a syntax error or a
 * rule finding would measure another path). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "analyzer/analyzer.h"

#define BATCH 50

static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* One analysis; returns the number of diagnostics, or -1 on failure. */
static long analyze(const an_rules *rules, const char *src, size_t len)
{
    an_parse *p = NULL;
    an_report *rep = NULL;
    if (an_parse_new(src, len, "main.py", &p) != AN_OK)
        return -1;
    if (an_check(rules, p, &rep) != AN_OK) {
        an_parse_free(p);
        return -1;
    }
    long n = (long)an_report_count(rep);
    an_report_free(rep);
    an_parse_free(p);
    return n;
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: analyze_time FILE [CALLS]\n");
        return 64;
    }
    long calls = argc == 3 ? strtol(argv[2], NULL, 10) : 2000;
    if (calls < BATCH)
        calls = BATCH;
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        fprintf(stderr, "analyze_time: cannot open '%s'\n", argv[1]);
        return 2;
    }
    char *src = NULL;
    size_t len = 0, cap = 0;
    for (;;) {
        if (len + 4096 > cap) {
            cap = cap ? 2 * cap : 65536;
            char *s = realloc(src, cap);
            if (!s)
                return 2;
            src = s;
        }
        size_t k = fread(src + len, 1, cap - len, f);
        len += k;
        if (k == 0)
            break;
    }
    fclose(f);
    an_rules *rules = NULL;
    char *err = NULL;
    if (an_rules_load_default(&rules, &err) != AN_OK ||
        an_rules_set_profile(rules, AN_PROFILE_SANDBOX, &err) != AN_OK) {
        fprintf(stderr, "analyze_time: %s\n", err ? err : "cannot load the rules");
        return 2;
    }
    double t0 = now_us();
    long nd = analyze(rules, src, len);
    double first = now_us() - t0;
    if (nd != 0) {
        fprintf(stderr, "analyze_time: '%s' %s\n", argv[1],
                nd < 0 ? "could not be analyzed" : "has findings: measure a clean program");
        return 1;
    }
    size_t nb = (size_t)(calls / BATCH);
    double *per = malloc(nb * sizeof *per);
    if (!per)
        return 2;
    for (size_t b = 0; b < nb; b++) {
        t0 = now_us();
        for (int i = 0; i < BATCH; i++)
            if (analyze(rules, src, len) != 0)
                return 1;
        per[b] = (now_us() - t0) / BATCH;
    }
    qsort(per, nb, sizeof *per, cmp_double);
    size_t lines = 0;
    for (size_t i = 0; i < len; i++)
        lines += src[i] == '\n';
    printf("%.1f %.1f %zu %zu\n", per[nb / 2], first, nb * BATCH, lines);
    free(per);
    an_rules_free(rules);
    free(src);
    return 0;
}
