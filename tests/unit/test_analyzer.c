/* Unit tests of the analyzer: syntax stage, rule engine, default rules
 * (through their annotated test files in rules/), and the renderers. */
#include <check.h>
#include <cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "analyzer/analyzer.h"

Suite *analyzer_suite(void);

/* The pathological inputs below (100,000 nested brackets, a 1 MB line)
 * once took minutes; no test asserts on time (a loaded machine or qemu is
 * many times slower): Check's per-test timeout (CK_DEFAULT_TIMEOUT) is what
 * catches a blow-up, and `make bench` measures. */

static an_rules *rules_default(void)
{
    an_rules *r = NULL;
    char *err = NULL;
    an_status st = an_rules_load_default(&r, &err);
    ck_assert_msg(st == AN_OK, "default rules: %s", err ? err : "?");
    free(err);
    return r;
}

typedef struct checked {
    an_rules *r;
    an_parse *p;
    an_report *rep;
} checked;

static checked check_n(const char *src, size_t len)
{
    checked c = {rules_default(), NULL, NULL};
    ck_assert_int_eq(an_parse_new(src, len, "t.py", &c.p), AN_OK);
    ck_assert_int_eq(an_check(c.r, c.p, &c.rep), AN_OK);
    return c;
}

static checked check_s(const char *src)
{
    return check_n(src, strlen(src));
}

static void done(checked *c)
{
    an_report_free(c->rep);
    an_parse_free(c->p);
    an_rules_free(c->r);
}

/* The first diagnostic of `rule` or NULL. */
static const an_diag *find(const an_report *rep, const char *rule)
{
    for (size_t i = 0; i < an_report_count(rep); i++)
        if (strcmp(an_report_get(rep, i)->rule_id, rule) == 0)
            return an_report_get(rep, i);
    return NULL;
}

static void expect_syntax(const char *src, size_t len, const char *msg_part, uint32_t line,
                          uint32_t col)
{
    checked c = check_n(src, len);
    const an_diag *d = find(c.rep, "syntax");
    ck_assert_msg(d != NULL, "no syntax error for %.40s", src);
    ck_assert_msg(strstr(d->message, msg_part) != NULL, "message '%s' lacks '%s'", d->message,
                  msg_part);
    ck_assert_int_eq(d->severity, AN_SEV_ERROR);
    ck_assert(d->hint && d->hint[0]);
    if (line) {
        ck_assert_uint_eq(d->line, line);
        ck_assert_uint_eq(d->col, col);
    }
    ck_assert(!an_parse_syntax_ok(c.p));
    ck_assert(an_report_has_errors(c.rep));
    done(&c);
}

static void expect_clean(const char *src)
{
    checked c = check_s(src);
    ck_assert_msg(an_report_count(c.rep) == 0, "unexpected '%s' for %.60s",
                  an_report_count(c.rep) ? an_report_get(c.rep, 0)->message : "", src);
    ck_assert(an_parse_syntax_ok(c.p));
    done(&c);
}

static char *repeat(const char *pre, const char *unit, size_t n, const char *post, size_t *len)
{
    size_t pl = strlen(pre), ul = strlen(unit), sl = strlen(post);
    char *s = malloc(pl + ul * n + sl + 1);
    ck_assert_ptr_nonnull(s);
    memcpy(s, pre, pl);
    for (size_t i = 0; i < n; i++)
        memcpy(s + pl + i * ul, unit, ul);
    memcpy(s + pl + ul * n, post, sl + 1);
    *len = pl + ul * n + sl;
    return s;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* --- syntax stage ------------------------------------------------------------ */

START_TEST(test_py2_forms)
{
    const char *s;
    s = "x = 1\nprint \"x\"\n";
    expect_syntax(s, strlen(s), "Missing parentheses in call to 'print'", 2, 1);
    s = "exec \"x = 1\"\n";
    expect_syntax(s, strlen(s), "Missing parentheses in call to 'exec'", 1, 1);
    s = "if a <> b:\n    pass\n";
    expect_syntax(s, strlen(s), "invalid syntax", 1, 6); /* CPython's words */
    s = "try:\n    pass\nexcept ValueError, e:\n    pass\n";
    expect_syntax(s, strlen(s), "multiple exception types must be parenthesized", 3, 1);
    expect_clean("print(\"x\")\n");
    expect_clean("if a != b:\n    pass\n");
    expect_clean("try:\n    pass\nexcept (ValueError, TypeError) as e:\n    pass\n");
    expect_clean("print_ = 1\nexec_count = 2\n");
}
END_TEST

START_TEST(test_syntax_messages)
{
    const char *s;
    s = "foo(1, [2\n";
    expect_syntax(s, strlen(s), "'[' was never closed", 1, 8);
    s = "x = )\n";
    expect_syntax(s, strlen(s), "unmatched ')'", 1, 5);
    s = "x = (1]\n";
    expect_syntax(s, strlen(s), "closing parenthesis ']' does not match opening parenthesis '('", 1, 7);
    s = "if x\n    pass\n";
    expect_syntax(s, strlen(s), "expected ':'", 1, 5);
    s = "s = 'abc\n";
    expect_syntax(s, strlen(s), "unterminated string literal", 1, 5);
    s = "x = 1 +\n";
    expect_syntax(s, strlen(s), "invalid syntax", 1, 8); /* at the NEWLINE, as CPython */
    s = "é = 1\nx = )\n";
    expect_syntax(s, strlen(s), "unmatched ')'", 2, 5);
    s = "y = 'é' + )\n";
    expect_syntax(s, strlen(s), "unmatched ')'", 1, 11); /* columns in code points */
}
END_TEST

START_TEST(test_indentation)
{
    const char *s;
    s = "a = 1\n  b = 2\n";
    expect_syntax(s, strlen(s), "unexpected indent", 2, 2); /* CPython's offset: the indentation width */
    s = "if x:\npass\n";
    expect_syntax(s, strlen(s), "expected an indented block after 'if' statement on line 1", 2, 1);
    s = "def f():\n# comment\n\nx = 1\n";
    expect_syntax(s, strlen(s), "expected an indented block after function definition on line 1", 4, 1);
    s = "class C:";
    expect_syntax(s, strlen(s), "expected an indented block after class definition on line 1", 0, 0);
    s = "if x:\n    a = 1\n  b = 2\n";
    expect_syntax(s, strlen(s), "unindent does not match any outer indentation level", 3, 8); /* past the line */
    s = "if x:\n        a = 1\n\tb = 2\n";
    expect_syntax(s, strlen(s), "inconsistent use of tabs and spaces in indentation", 3, 1);
    s = "if x\n    pass\n"; /* the earlier error wins, as in CPython */
    expect_syntax(s, strlen(s), "expected ':'", 1, 5);
    s = "x := 1\n";
    expect_syntax(s, strlen(s), "invalid syntax", 1, 3); /* at the ':=', as CPython; the hint explains */
    expect_clean("if (n := 10) > 5:\n    print(n)\n");
    expect_clean("if x:  # comment\n\n    # indented comment\n    pass\nelse:\n\tpass\n");
    expect_clean("x = [\n  1,\n      2]\nif x: pass\ny = '''\n  text\n'''\nz = 1 + \\\n      2\n");
    expect_clean("class C:\n    def f(self):\n        return 1\n\n    def g(self):\n        pass\n");
    char body[101 * 108];
    size_t k = 0;
    for (int lvl = 0; lvl < 101; lvl++) {
        for (int sp = 0; sp < lvl; sp++)
            body[k++] = ' ';
        memcpy(body + k, "if x:\n", 6);
        k += 6;
    }
    body[k] = '\0';
    expect_syntax(body, k, "too many levels of indentation", 0, 0);
}
END_TEST

START_TEST(test_nul_and_utf8)
{
    static const char nul[] = "x = 1\ny = 2\0\n";
    expect_syntax(nul, sizeof nul - 1, "source code cannot contain null bytes", 2, 6);
    static const char bad[] = "x = 1\ns = '\xff'\n";
    expect_syntax(bad, sizeof bad - 1, "invalid UTF-8", 2, 6);
    checked c = check_n(bad, sizeof bad - 1);
    ck_assert_ptr_null(an_parse_tree(c.p));
    ck_assert_ptr_nonnull(strstr(an_report_get(c.rep, 0)->message, "offset 11"));
    char *text = an_report_render(c.rep, c.p, AN_FMT_TEXT);
    ck_assert_ptr_nonnull(text);
    ck_assert_ptr_nonnull(strstr(text, "2 | s = '?'\n"));
    free(text);
    done(&c);
    static const char overlong[] = "x = '\xc0\xaf'\n";
    expect_syntax(overlong, sizeof overlong - 1, "invalid UTF-8", 1, 6);
    expect_clean("s = 'ünïcödé ✓ 中文'\n");
    expect_clean("\xef\xbb\xbfx = 1\n"); /* a BOM is fine, as in CPython */
}
END_TEST

START_TEST(test_empty_input)
{
    checked c = check_n("", 0);
    ck_assert_uint_eq(an_report_count(c.rep), 0);
    ck_assert(an_parse_syntax_ok(c.p));
    ck_assert(!an_report_has_errors(c.rep));
    size_t len = 99;
    ck_assert_str_eq(an_parse_source(c.p, &len), "");
    ck_assert_uint_eq(len, 0);
    ck_assert_str_eq(an_parse_filename(c.p), "t.py");
    char *t = an_report_render(c.rep, c.p, AN_FMT_TEXT);
    ck_assert_str_eq(t, "");
    free(t);
    done(&c);
    expect_clean("\n\n# only a comment\n");
}
END_TEST

START_TEST(test_100k_parens)
{
    const char *units[] = {"(", "[", "{", "(1+"};
    for (size_t u = 0; u < 4; u++) {
        size_t len;
        char *s = repeat("x = ", units[u], 100000, "", &len);
        expect_syntax(s, len, "too many nested parentheses", 1, u == 3 ? 605 : 205);
        free(s);
    }
    const char *fs[][2] = {{"x = f\"{", "("}, {"x = f'''{", "["}, {"x = f\"", "{("}, {"x = f\"{\"", "("}};
    for (size_t u = 0; u < 4; u++) {
        size_t len;
        char *s = repeat(fs[u][0], fs[u][1], 100000, "", &len);
        /* as CPython: the first three strings never close */
        expect_syntax(s, len, u < 3 ? "unterminated" : "too many nested parentheses", 0, 0);
        free(s);
    }
    size_t len;
    char *s = repeat("x = f\"", "{{", 100000, "\"\n", &len); /* escaped braces are text */
    expect_clean(s);
    free(s);
}
END_TEST

START_TEST(test_nesting_limits)
{
    size_t len;
    char *open = repeat("x = ", "(", 200, "1", &len);
    char *ok = repeat(open, ")", 200, "\n", &len);
    expect_clean(ok);
    free(ok);
    free(open);
    open = repeat("x = ", "[", 201, "1", &len);
    char *bad = repeat(open, "]", 201, "\n", &len);
    expect_syntax(bad, len, "too many nested parentheses", 1, 205);
    free(bad);
    free(open);
    /* constructs that deepen tree-sitter's stack without brackets */
    const char *units[][3] = {
        {"x = ", "-", "1"},          {"x = ", "-", ""},       {"", "else:\n", ""},
        {"", "a: ", ""},             {"x = ", "lambda:", ""}, {"x = ", "not ", ")"},
        {"", "a = ", ""},            {"x = ", "1 ** ", ""},   {"", "if 1:", ""},
    };
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
        char *src = repeat(units[i][0], units[i][1], 100000, units[i][2], &len);
        checked c = check_n(src, len);
        ck_assert_msg(an_report_has_errors(c.rep), "no error for %s", units[i][1]);
        done(&c);
        free(src);
    }
    /* deep but bracket-free valid expression: reported as too complex, or within the depth cap */
    char *neg = repeat("x = ", "-", 2000, "1\n", &len);
    checked c = check_n(neg, len);
    ck_assert(find(c.rep, "syntax") != NULL);
    ck_assert_ptr_nonnull(strstr(find(c.rep, "syntax")->message, "too many nested"));
    done(&c);
    free(neg);
}
END_TEST

/* Big programs are checked batch by batch before tree-sitter sees them whole. */
START_TEST(test_big_programs)
{
    size_t len;
    char *s = repeat("import math\n", "def f(x):\n    return math.sqrt(x) + 1\n", 30000, "print(f(2))\n", &len);
    double t0 = now();
    expect_clean(s);
    free(s);
    s = repeat("", "x = 1\nif x:\n    y = [x, 2]\nelse:\n    y = None\n", 20000, "z = (\n", &len);
    expect_syntax(s, len, "'(' was never closed", 100001, 5);
    free(s);
    /* a decorated definition ends at its body: the statements after it are
     * not one 150k-token statement ("statement too complex") */
    s = repeat("def d(f):\n    return f\n@d\n\n# c\n@d\ndef g():\n    pass\n", "x = 1\n", 30000, "", &len);
    expect_clean(s);
    free(s);
    s = repeat("", "x = 1\n", 100000, "eval('1')\n", &len);
    checked c = check_n(s, len);
    ck_assert_ptr_nonnull(find(c.rep, "SP201"));
    ck_assert_uint_eq(find(c.rep, "SP201")->line, 100001);
    ck_assert(an_parse_syntax_ok(c.p));
    done(&c);
    free(s);
    /* for analysis only: the batches' trees, no whole tree, the same
     * findings (an alias bound in the first batch counts in the last) */
    s = repeat("import random as r\nt = r\n", "x = 1\n", 100000,
               "t._os  # safepy: ignore[SP304]\neval('1')\ndef f():\n    return 1\nreturn 2\n", &len);
    an_rules *r = rules_default();
    ck_assert_int_eq(an_rules_set_profile(r, AN_PROFILE_CPYTHON, NULL), AN_OK);
    for (int k = 0; k < 3; k++) { /* whole; batches kept; batches dropped once flat */
        an_parse *p = NULL;
        an_report *rep = NULL;
        ck_assert_int_eq((k ? an_parse_new_for_analysis(s, len, "big.py", 0, k == 2 ? r : NULL, &p) : an_parse_new(s, len, "big.py", &p)), AN_OK);
        ck_assert(k ? an_parse_tree(p) == NULL : an_parse_tree(p) != NULL);
        ck_assert_int_eq(an_check(r, p, &rep), AN_OK);
        ck_assert_ptr_nonnull(find(rep, "syntax"));
        ck_assert_str_eq(find(rep, "syntax")->message, "'return' outside function");
        ck_assert_uint_eq(find(rep, "syntax")->line, 100007);
        an_report_free(rep);
        an_parse_free(p);
    }
    s[len - strlen("return 2\n")] = '\0'; /* without the syntax error */
    len = strlen(s);
    for (int k = 0; k < 3; k++) {
        an_parse *p = NULL;
        an_report *rep = NULL;
        size_t sup = 0;
        ck_assert_int_eq((k ? an_parse_new_for_analysis(s, len, "big.py", 0, k == 2 ? r : NULL, &p) : an_parse_new(s, len, "big.py", &p)), AN_OK);
        ck_assert(an_parse_syntax_ok(p));
        ck_assert_int_eq(an_check(r, p, &rep), AN_OK);
        ck_assert_int_eq(an_report_filter(rep, p, NULL, NULL, &sup), AN_OK);
        ck_assert_uint_eq(sup, 1);
        ck_assert_ptr_nonnull(find(rep, "SP303"));
        ck_assert_uint_eq(find(rep, "SP303")->line, 100003);
        ck_assert_ptr_null(find(rep, "SP304"));
        ck_assert_uint_eq(find(rep, "SP201")->line, 100004);
        an_report_free(rep);
        an_parse_free(p);
    }
    an_rules_free(r);
    free(s);
    const char *units[] = {"a:\n", "else:\n", "(]\n", "{a} {a}\n", "-\n", "lambda:\n", "@\n"};
    for (size_t u = 0; u < sizeof units / sizeof *units; u++) {
        s = repeat("x = 1\n", units[u], 100000, "", &len);
        c = check_n(s, len);
        ck_assert_msg(find(c.rep, "syntax") != NULL, "no error for %s", units[u]);
        ck_assert_uint_le(find(c.rep, "syntax")->line, 2);
        ck_assert(!an_parse_syntax_ok(c.p));
        done(&c);
        free(s);
    }
    /* no assertion on time (tests never time things): the test case's
     * timeout catches a quadratic blow-up */
    (void)t0;
}
END_TEST

/* #builtin? (SP201, SP202...): a name is the builtin only when CPython's
 * scopes lead there.  The module's bindings count across lint's batches
 * (a binding in the first batch covers a use in the last), a `del` anywhere
 * undoes them, and a function of 8,000 uses of a parameter is not
 * quadratic (the resolver's cache). */
static size_t count_rule(const an_report *rep, const char *id)
{
    size_t n = 0;
    for (size_t i = 0; i < an_report_count(rep); i++)
        n += strcmp(an_report_get(rep, i)->rule_id, id) == 0;
    return n;
}

START_TEST(test_names_by_scope)
{
    size_t len;
    const char *tail = "def f():\n    return input\nprint(input, [open for open in input])\n";
    char *s = repeat("input = 'data'\n", "x = 1\n", 100000, tail, &len);
    an_rules *r = rules_default();
    for (int del = 0; del < 2; del++) {
        if (del) {
            char *t = repeat("input = 'data'\n", "x = 1\n", 100000, "del input\ndef f():\n    return input\n", &len);
            free(s);
            s = t;
        }
        for (int k = 0; k < 3; k++) { /* whole; batches kept; batches dropped once flat */
            an_parse *p = NULL;
            an_report *rep = NULL;
            ck_assert_int_eq((k ? an_parse_new_for_analysis(s, len, "big.py", 0, k == 2 ? r : NULL, &p)
                                : an_parse_new(s, len, "big.py", &p)), AN_OK);
            ck_assert(an_parse_syntax_ok(p));
            ck_assert_int_eq(an_check(r, p, &rep), AN_OK);
            ck_assert_uint_eq(count_rule(rep, "SP202"), del ? 1 : 0);
            if (del)
                ck_assert_uint_eq(find(rep, "SP202")->line, 100004);
            an_report_free(rep);
            an_parse_free(p);
        }
    }
    free(s);
    an_rules_free(r);
    s = repeat("def f(open, eval):\n", "    open(eval)\n", 8000, "print(open, eval)\n", &len);
    checked c = check_n(s, len);
    ck_assert_uint_eq(count_rule(c.rep, "SP202"), 1);
    ck_assert_uint_eq(count_rule(c.rep, "SP201"), 1);
    ck_assert_uint_eq(find(c.rep, "SP202")->line, 8002);
    done(&c);
    free(s);
}
END_TEST

START_TEST(test_1mb_line)
{
    size_t len;
    char *s = repeat("x = \"", "a", 1 << 20, "\"\nprint(len(x))\n", &len);
    expect_clean(s);
    free(s);
    s = repeat("x = [", "1, ", 20000, "1]\n", &len);
    expect_clean(s);
    free(s);
    /* a literal of more tokens than an ERROR node may wrap parses when
     * bigstmt.c proves it clean; a malformed one stays refused before
     * tree-sitter sees it */
    s = repeat("x = [", "1, ", 26000, "1]\n", &len);
    expect_clean(s);
    free(s);
    s = repeat("d = {", "'k': (1, -2.5, None), ", 4500, "}\nprint(len(d))\n", &len);
    expect_clean(s);
    free(s);
    s = repeat("print(", "u'a' r\"b\", ", 8000, "sep='')\n", &len);
    expect_clean(s);
    free(s);
    const char *bad[][3] = {{"x = [", "1 ", "]\n"},        {"x = [", "1, ", "\n"},
                            {"x = ", "not ", "1\n"},       {"x = {", "1: 2, 3, ", "}\n"},
                            {"f(", "a=1, 2, ", ")\n"},     {"x = [", "(1, 2, ", "]\n"},
                            {"x = [", "lambda: 1, ", "]\n"}, {"x = [", "1, ", "] +\n"}};
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        s = repeat(bad[k][0], bad[k][1], 60000, bad[k][2], &len);
        checked c = check_n(s, len);
        ck_assert_msg(find(c.rep, "syntax") != NULL, "no error for %s", bad[k][1]);
        ck_assert(!an_parse_syntax_ok(c.p));
        done(&c);
        free(s);
    }
    s = repeat("x = 1", " + 1", 300000, "\n", &len);
    expect_syntax(s, len, "too complex", 0, 0);
    free(s);
    /* a finding on a very long line renders a window around the caret */
    s = repeat("x = [1", ", 1", 5000, ", eval('1')]\n", &len);
    checked c = check_n(s, len);
    const an_diag *d = find(c.rep, "SP201");
    ck_assert_ptr_nonnull(d);
    ck_assert_uint_eq(d->col, 6 + 5000 * 3 + 3);
    char *text = an_report_render(c.rep, c.p, AN_FMT_TEXT);
    ck_assert_ptr_nonnull(text);
    ck_assert_uint_lt(strlen(text), 2000);
    ck_assert_ptr_nonnull(strstr(text, "1 | ...1, 1, 1"));
    ck_assert_ptr_nonnull(strstr(text, "eval('1')]\n"));
    const char *caret_line = strstr(text, "\n  | ");
    ck_assert_ptr_nonnull(caret_line);
    caret_line++;
    const char *excerpt = strstr(text, "1 | ");
    const char *ev = strstr(excerpt, "eval");
    ck_assert_int_eq(ev - excerpt, strchr(caret_line, '^') - caret_line);
    free(text);
    done(&c);
    free(s);
}
END_TEST

/* --- rules ----------------------------------------------------------------------- */

START_TEST(test_default_rules_load)
{
    an_rules *r = rules_default();
    ck_assert_uint_ge(an_rules_count(r), 8);
    bool seen101 = false;
    for (size_t i = 0; i < an_rules_count(r); i++) {
        ck_assert(an_rules_title(r, i)[0]);
        if (strcmp(an_rules_id(r, i), "SP101") == 0) {
            seen101 = true;
            ck_assert_int_eq(an_rules_severity(r, i), AN_SEV_ERROR);
        }
    }
    ck_assert(seen101);
    an_rules_free(r);
}
END_TEST

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = malloc(1 << 20);
    size_t n = buf ? fread(buf, 1, (1 << 20) - 1, f) : 0;
    fclose(f);
    if (buf)
        buf[n] = '\0';
    *len = n;
    return buf;
}

START_TEST(test_rule_files)
{
    an_rules *r = rules_default();
    ck_assert_int_eq(an_rules_set_profile(r, AN_PROFILE_CPYTHON, NULL), AN_OK); /* every rule runs */
    size_t total = 0;
    for (size_t i = 0; i < an_rules_count(r); i++) {
        char path[256];
        snprintf(path, sizeof path, "rules/%s.py", an_rules_id(r, i));
        size_t len;
        char *src = slurp(path, &len);
        ck_assert_msg(src != NULL, "missing rule test file %s (run from the repository root)", path);
        size_t checked_n, failed;
        char *log = NULL;
        ck_assert_int_eq(an_rules_test_source(r, src, len, path, &checked_n, &failed, &log), AN_OK);
        ck_assert_msg(failed == 0, "%s", log ? log : "?");
        ck_assert_msg(checked_n >= 4, "%s has only %zu annotations", path, checked_n);
        /* the embedded copy (rules explain, rules test) is the file on disk */
        ck_assert_ptr_nonnull(an_rules_tests(r, i));
        ck_assert_str_eq(an_rules_tests(r, i), src);
        total += checked_n;
        free(log);
        free(src);
    }
    ck_assert_uint_ge(total, 50);
    an_rules_free(r);
}
END_TEST

/* Rule SP301 flags every attribute of the policy's "attributes" map (the
 * evaluator refuses the same list: test_policy_attributes_refused). */
START_TEST(test_sp301_is_the_policy_list)
{
    size_t len;
    char *text = slurp("rules/policy.json", &len);
    ck_assert_ptr_nonnull(text);
    cJSON *j = cJSON_Parse(text);
    ck_assert_ptr_nonnull(j);
    const cJSON *a, *attrs = cJSON_GetObjectItemCaseSensitive(j, "attributes");
    ck_assert_int_ge(cJSON_GetArraySize(attrs), 20);
    cJSON_ArrayForEach(a, attrs) {
        char code[128];
        snprintf(code, sizeof code, "v = x.%s\n", a->string);
        checked c = check_s(code);
        ck_assert_msg(find(c.rep, "SP301") != NULL, "SP301 misses x.%s", a->string);
        done(&c);
    }
    checked c = check_s("v = x.__dict__\nw = x.__class__.__name__\n");
    ck_assert_ptr_null(find(c.rep, "SP301"));
    done(&c);
    cJSON_Delete(j);
    free(text);
}
END_TEST

/* SP302 and SP307 flag, as a getattr() literal or a format-string field,
 * every name the attribute rules flag when written with a dot: the
 * escape-chain attributes and the module sets of rules/policy.json.  SP302
 * reads the sets; SP307's regex spells them, so this guards its drift. */
START_TEST(test_literal_names_follow_policy)
{
    size_t len;
    char *text = slurp("rules/policy.json", &len);
    ck_assert_ptr_nonnull(text);
    cJSON *j = cJSON_Parse(text);
    ck_assert_ptr_nonnull(j);
    an_rules *r = rules_default();
    ck_assert_int_eq(an_rules_set_profile(r, AN_PROFILE_CPYTHON, NULL), AN_OK);
    const char *groups[] = {"attributes", "escape_modules", "escape_modules_common", "module_attribute_modules"};
    int tried = 0;
    for (size_t g = 0; g < sizeof groups / sizeof *groups; g++) {
        const cJSON *set = g == 0 ? cJSON_GetObjectItemCaseSensitive(j, "attributes")
                                  : cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(j, "sets"), groups[g]);
        ck_assert_ptr_nonnull(set);
        const cJSON *it;
        cJSON_ArrayForEach(it, set) {
            const char *name = g == 0 ? it->string : it->valuestring;
            char code[256];
            /* on an allowed module, as SP303/SP304 see it written */
            snprintf(code, sizeof code, "import random\nv = getattr(random, \"%s\")\ns = \"{0.%s}\".format(random)\n",
                     name, name);
            an_parse *p = NULL;
            an_report *rep = NULL;
            ck_assert_int_eq(an_parse_new(code, strlen(code), "t.py", &p), AN_OK);
            ck_assert_int_eq(an_check(r, p, &rep), AN_OK);
            bool sp302 = false, sp307 = false;
            for (size_t i = 0; i < an_report_count(rep); i++) {
                sp302 |= strcmp(an_report_get(rep, i)->rule_id, "SP302") == 0;
                sp307 |= strcmp(an_report_get(rep, i)->rule_id, "SP307") == 0;
            }
            ck_assert_msg(sp302, "SP302 misses getattr(random, \"%s\")", name);
            ck_assert_msg(sp307, "SP307 misses \"{0.%s}\".format(random)", name);
            an_report_free(rep);
            an_parse_free(p);
            tried++;
        }
    }
    ck_assert_int_ge(tried, 50);
    an_rules_free(r);
    cJSON_Delete(j);
    free(text);
}
END_TEST

START_TEST(test_rule_test_detects_mismatch)
{
    an_rules *r = rules_default();
    const char *src = "# ruleid: SP201\nx = 1\n# ok: SP201\neval('1')\nexec('2')\n";
    size_t n, failed;
    char *log = NULL;
    ck_assert_int_eq(an_rules_test_source(r, src, strlen(src), "m.py", &n, &failed, &log), AN_OK);
    ck_assert_uint_eq(n, 2);
    ck_assert_uint_eq(failed, 3); /* missing finding, finding on an ok line, unannotated finding */
    ck_assert_ptr_nonnull(log);
    ck_assert_ptr_nonnull(strstr(log, "m.py:2: SP201: expected a finding"));
    ck_assert_ptr_nonnull(strstr(log, "m.py:4: SP201: expected no finding"));
    ck_assert_ptr_nonnull(strstr(log, "m.py:5: SP201: unexpected finding"));
    free(log);
    an_rules_free(r);
}
END_TEST

START_TEST(test_import_messages)
{
    checked c = check_s("import math\nimport os\n");
    ck_assert_uint_eq(an_report_count(c.rep), 1);
    const an_diag *d = an_report_get(c.rep, 0);
    ck_assert_str_eq(d->rule_id, "SP101");
    ck_assert_str_eq(d->message, "import of module 'os' is not allowed");
    ck_assert_uint_eq(d->line, 2);
    ck_assert_uint_eq(d->col, 8);
    ck_assert_uint_eq(d->end_col, 10);
    ck_assert_ptr_nonnull(strstr(d->hint, "collections, collections.abc, datetime, itertools, math, queue, random, re, stat, statistics, time, unicodedata"));
    ck_assert_ptr_nonnull(strstr(d->hint, "network"));
    done(&c);
    c = check_s("from .util import x\n");
    ck_assert_ptr_nonnull(find(c.rep, "SP102"));
    done(&c);
    c = check_s("import ｍａｔｈ\nｅｘｅｃ('1')\n");
    ck_assert_ptr_null(find(c.rep, "SP101"));
    ck_assert_ptr_nonnull(find(c.rep, "SP201"));
    ck_assert_str_eq(find(c.rep, "SP201")->message,
                     "use of 'exec' is not allowed: running code built at run time is not available");
    done(&c);
}
END_TEST

START_TEST(test_rules_skipped_on_syntax_error)
{
    checked c = check_s("import os\nx = (\n");
    ck_assert_ptr_nonnull(find(c.rep, "syntax"));
    ck_assert_ptr_null(find(c.rep, "SP101"));
    done(&c);
}
END_TEST

/* Writes files into a fresh temporary directory. */
static void write_file(const char *dir, const char *name, const char *text)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

static void rm_dir(const char *dir, const char *const *names)
{
    char path[512];
    for (size_t i = 0; names[i]; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        unlink(path);
    }
    rmdir(dir);
}

static void expect_load_error(const char *json, const char *part)
{
    char dir[] = "/tmp/safepy-rules-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    write_file(dir, "bad.json", json);
    an_rules *r = rules_default();
    char *err = NULL;
    an_status st = an_rules_load_dir(r, dir, &err);
    ck_assert_int_eq(st, AN_EINVAL);
    ck_assert_ptr_nonnull(err);
    ck_assert_msg(strstr(err, "bad.json") && strstr(err, part), "error '%s' lacks '%s'", err, part);
    free(err);
    an_rules_free(r);
    const char *names[] = {"bad.json", NULL};
    rm_dir(dir, names);
}

#define RULE(extra, query)                                                                       \
    "{\"id\": \"T1\", \"severity\": \"error\", \"title\": \"t\", \"message\": \"m\", "            \
    "\"hint\": \"h\"" extra ", \"query\": \"" query "\"}"

START_TEST(test_rule_validation)
{
    expect_load_error("{\"id\": ", "invalid JSON");
    expect_load_error("{\"id\": \"T1\",\n  \"title\": ,}", "bad.json:2:12: invalid JSON"); /* file:line:column */
    expect_load_error(RULE("", "(pass_statemen) @x"), "at 'pass_statemen) @x'");
    expect_load_error("[1]", "expected a JSON object");
    expect_load_error("{\"id\": \"T1\", \"severity\": \"fatal\", \"title\": \"t\", \"message\": \"m\", "
                      "\"hint\": \"h\", \"query\": \"(identifier) @x\"}",
                      "unknown severity \"fatal\"");
    expect_load_error("{\"id\": \"T1\", \"severity\": \"error\", \"title\": \"t\", \"message\": \"m\", "
                      "\"query\": \"(identifier) @x\"}",
                      "\"hint\" must be a non-empty string");
    expect_load_error("{\"id\": \"T1\", \"severity\": \"error\", \"title\": \"t\", \"message\": \"m\", "
                      "\"hint\": \"\", \"query\": \"(identifier) @x\"}",
                      "\"hint\" must be a non-empty string");
    expect_load_error(RULE("", "(identifier @x"), "query syntax error at offset");
    expect_load_error(RULE("", "(no_such_node) @x"), "unknown node type at offset");
    expect_load_error(RULE("", "((identifier) @x (#frobnicate? @x \\\"a\\\"))"), "unknown predicate #frobnicate?");
    expect_load_error(RULE("", "((identifier) @x (#match? @x \\\"(\\\"))"), "bad regex");
    expect_load_error(RULE("", "((identifier) @x (#in-set? @x \\\"nope\\\"))"), "unknown set \"nope\"");
    expect_load_error(RULE("", "((string) @x (#safe-prefix? @x \\\"allowed_modules\\\" \\\"nope\\\"))"),
                      "unknown set \"nope\" in #safe-prefix?");
    /* the per-program sets hold bound names, not attribute names */
    expect_load_error(RULE("", "((string) @x (#safe-prefix? @x \\\"module_aliases\\\"))"),
                      "unknown set \"module_aliases\" in #safe-prefix?");
    expect_load_error(RULE(", \"bogus\": 1", "(identifier) @x"), "unknown key \"bogus\"");
    expect_load_error(RULE(", \"span\": \"y\"", "(identifier) @x"), "\"span\" must name a capture");
    expect_load_error("{\"id\": \"T1\", \"severity\": \"error\", \"title\": \"t\", \"message\": \"{{y}}\", "
                      "\"hint\": \"h\", \"query\": \"(identifier) @x\"}",
                      "{{y}}");
    expect_load_error("{\"id\": \"bad id!\", \"severity\": \"error\", \"title\": \"t\", \"message\": \"m\", "
                      "\"hint\": \"h\", \"query\": \"(identifier) @x\"}",
                      "id \"bad id!\"");
    an_rules *r = rules_default();
    char *err = NULL;
    ck_assert_int_eq(an_rules_load_dir(r, "/nonexistent/safepy", &err), AN_EIO);
    ck_assert_ptr_nonnull(err);
    free(err);
    an_rules_free(r);
}
END_TEST

/* Loads a directory with a policy and a few test rules exercising every
 * predicate, then checks a program against them. */
START_TEST(test_predicates)
{
    char dir[] = "/tmp/safepy-rules-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    write_file(dir, "policy.json",
               "{\"sets\": {\"allowed_modules\": [\"math\", \"json\"], \"bad\": [\"zap\", \"zop\"]}}");
    write_file(dir, "eq.json", RULE("", "((identifier) @x (#eq? @x \\\"foo\\\"))"));
    write_file(dir, "neq.json",
               "{\"id\": \"T2\", \"severity\": \"warning\", \"title\": \"t\", \"message\": \"same {{a}}\", "
               "\"hint\": \"h\", \"query\": \"(assignment left: (identifier) @a right: (identifier) @b "
               "(#eq? @a @b))\"}");
    write_file(dir, "match.json",
               "{\"id\": \"T3\", \"severity\": \"note\", \"title\": \"t\", \"message\": \"caps {{x}}\", "
               "\"hint\": \"h\", \"query\": \"((identifier) @x (#match? @x \\\"^[A-Z]+$\\\") "
               "(#not-match? @x \\\"^OK$\\\"))\"}");
    write_file(dir, "anyof.json",
               "{\"id\": \"T4\", \"severity\": \"error\", \"title\": \"t\", \"message\": \"{{f}}\", "
               "\"hint\": \"use {{set:bad}}\", \"query\": \"(call function: (identifier) @f "
               "(#not-any-of? @f \\\"print\\\" \\\"len\\\" \\\"foo\\\") (#not-eq? @f \\\"Q\\\") "
               "(#in-set? @f \\\"bad\\\"))\"}");
    write_file(dir, "field.json",
               "{\"id\": \"T5\", \"severity\": \"error\", \"title\": \"t\", \"message\": \"attr {{x}}\", "
               "\"hint\": \"h\", \"query\": \"((identifier) @x (#any-of? @x \\\"zap\\\") "
               "(#field-of? @x \\\"attribute\\\" \\\"attribute\\\"))\"}");
    /* replaces SP101: json becomes importable */
    an_rules *r = rules_default();
    size_t before = an_rules_count(r);
    char *err = NULL;
    ck_assert_msg(an_rules_load_dir(r, dir, &err) == AN_OK, "%s", err ? err : "?");
    ck_assert_uint_eq(an_rules_count(r), before + 5);
    ck_assert_int_eq(an_rules_load_dir(r, dir, &err), AN_OK); /* same ids replace */
    ck_assert_uint_eq(an_rules_count(r), before + 5);
    const char *src = "import json\nimport os\nfoo = 1\nbar = bar\nABC = OK\nzap()\nprint(1)\nq.zap\n";
    an_parse *p = NULL;
    an_report *rep = NULL;
    ck_assert_int_eq(an_parse_new(src, strlen(src), "p.py", &p), AN_OK);
    ck_assert_int_eq(an_check(r, p, &rep), AN_OK);
    ck_assert_ptr_null(find(rep, "SP101") && find(rep, "SP101")->line == 1 ? find(rep, "SP101") : NULL);
    ck_assert_ptr_nonnull(find(rep, "SP101"));
    ck_assert_uint_eq(find(rep, "SP101")->line, 2);
    ck_assert_ptr_nonnull(strstr(find(rep, "SP101")->hint, "math, json"));
    ck_assert_uint_eq(find(rep, "T1")->line, 3);
    ck_assert_str_eq(find(rep, "T2")->message, "same bar");
    ck_assert_int_eq(find(rep, "T2")->severity, AN_SEV_WARNING);
    ck_assert_str_eq(find(rep, "T3")->message, "caps ABC");
    ck_assert_int_eq(find(rep, "T3")->severity, AN_SEV_NOTE);
    ck_assert_uint_eq(find(rep, "T4")->line, 6);
    ck_assert_str_eq(find(rep, "T4")->hint, "use zap, zop");
    ck_assert_uint_eq(find(rep, "T5")->line, 8);
    size_t t3 = 0, t4 = 0, t5 = 0;
    for (size_t i = 0; i < an_report_count(rep); i++) {
        t3 += strcmp(an_report_get(rep, i)->rule_id, "T3") == 0;
        t4 += strcmp(an_report_get(rep, i)->rule_id, "T4") == 0;
        t5 += strcmp(an_report_get(rep, i)->rule_id, "T5") == 0;
    }
    ck_assert_uint_eq(t3, 1);
    ck_assert_uint_eq(t4, 1);
    ck_assert_uint_eq(t5, 1);
    an_report_free(rep);
    an_parse_free(p);
    an_rules_free(r);
    const char *names[] = {"policy.json", "eq.json", "neq.json", "match.json", "anyof.json",
                           "field.json", NULL};
    rm_dir(dir, names);
}
END_TEST

/* Backslashes in a #match? regex reach PCRE2 once unescaped (JSON, then the
 * query string), on both the matcher's path and tree-sitter's (an alternation
 * sends a query there): "^__\\w+__\\b" in a query is ^__\w+__\b, never
 * ^__w+__b, which would exempt __ww__b instead of __ab__ (SP104's regex). */
START_TEST(test_regex_escapes)
{
    char dir[] = "/tmp/safepy-rules-XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    /* C "\\\\\\\\w" is JSON "\\\\w", the query string "\\w", the regex \w */
    write_file(dir, "own.json",
               "{\"id\": \"T6\", \"severity\": \"error\", \"title\": \"t\", \"message\": \"{{x}}\", \"hint\": \"h\", "
               "\"query\": \"((identifier) @x (#match? @x \\\"^__\\\\\\\\w+__\\\\\\\\b\\\"))\"}");
    write_file(dir, "ts.json",
               "{\"id\": \"T7\", \"severity\": \"error\", \"title\": \"t\", \"message\": \"{{x}}\", \"hint\": \"h\", "
               "\"query\": \"([(identifier) (integer)] @x (#match? @x \\\"^(__\\\\\\\\w+__\\\\\\\\b|d\\\\\\\\d)$\\\"))\"}");
    an_rules *r = rules_default();
    char *err = NULL;
    ck_assert_msg(an_rules_load_dir(r, dir, &err) == AN_OK, "%s", err ? err : "?");
    const char *src = "__ab__ = 1\n__ww__b = 2\nd9 = 3\ndd = 4\n";
    an_parse *p = NULL;
    an_report *rep = NULL;
    ck_assert_int_eq(an_parse_new(src, strlen(src), "p.py", &p), AN_OK);
    ck_assert_int_eq(an_check(r, p, &rep), AN_OK);
    char got[64] = "";
    for (size_t i = 0; i < an_report_count(rep); i++) {
        const an_diag *d = an_report_get(rep, i);
        if (d->rule_id[0] == 'T')
            snprintf(got + strlen(got), sizeof got - strlen(got), "%s:%u ", d->rule_id, d->line);
    }
    ck_assert_str_eq(got, "T6:1 T7:1 T7:3 ");
    an_report_free(rep);
    an_parse_free(p);
    /* a big program parsed for these rules keeps its batches' trees for
     * T7; parsed for rules that need none, they are gone, and an_check
     * with T7 says so instead of missing its findings */
    size_t len;
    char *big = repeat("x = 1\n", "y = 2\n", 50000, "d7 = 1\n", &len);
    an_rules *plain = rules_default();
    for (int k = 0; k < 2; k++) {
        p = NULL;
        rep = NULL;
        ck_assert_int_eq(an_parse_new_for_analysis(big, len, "big.py", 0, k ? plain : r, &p), AN_OK);
        ck_assert(an_parse_syntax_ok(p));
        ck_assert_int_eq(an_check(r, p, &rep), k ? AN_EINVAL : AN_OK);
        if (!k) {
            ck_assert_ptr_nonnull(find(rep, "T7"));
            ck_assert_uint_eq(find(rep, "T7")->line, 50002);
        }
        an_report_free(rep);
        an_parse_free(p);
    }
    free(big);
    an_rules_free(plain);
    an_rules_free(r);
    const char *names[] = {"own.json", "ts.json", NULL};
    rm_dir(dir, names);
}
END_TEST

/* --- rendering ---------------------------------------------------------------------- */

START_TEST(test_render_text)
{
    checked c = check_s("import math\n\nimport os\n");
    char *t = an_report_render(c.rep, c.p, AN_FMT_TEXT);
    ck_assert_str_eq(t,
                     "error[SP101]: import of module 'os' is not allowed\n"
                     " --> t.py:3:8\n"
                     "  |\n"
                     "3 | import os\n"
                     "  |        ^^\n"
                     "  = help: importable modules: collections, collections.abc, datetime, itertools, math, queue, random, re,\n"
                     "          stat, statistics, time, unicodedata. Implemented but off unless the operator allows them (safepy\n"
                     "          --allow-module NAME): abc, array, asyncio, base64, binascii, bisect, calendar, cmath, contextlib,\n"
                     "          copy, csv, dataclasses, decimal, difflib, enum, fnmatch, fractions, functools, hashlib, heapq, hmac,\n"
                     "          html, io, json, numbers, operator, pprint, string, struct, textwrap, typing, zlib; safepy implements\n"
                     "          no other module. Files, processes and the network are not available.\n");
    free(t);
    done(&c);
    /* two diagnostics, a tab, a wide character, a multi-line span */
    c = check_s("def f():\n\tx = '中' + eval('1')\n\treturn open(\n\t\t'f')\n");
    ck_assert_uint_eq(an_report_count(c.rep), 2);
    t = an_report_render(c.rep, c.p, AN_FMT_TEXT);
    ck_assert_ptr_nonnull(strstr(t, "2 |     x = '中' + eval('1')\n  |                ^^^^\n"));
    ck_assert_ptr_nonnull(strstr(t, "by name.\n\nerror[SP202]"));
    free(t);
    done(&c);
    c = check_s("x = (1 +\n     2\n");
    t = an_report_render(c.rep, c.p, AN_FMT_TEXT);
    ck_assert_ptr_nonnull(strstr(t, "error[syntax]: '(' was never closed\n --> t.py:1:5\n  |\n1 | x = (1 +\n  |     ^\n"));
    free(t);
    done(&c);
}
END_TEST

/* --allow-module: an opt-in module moves to allowed_modules, the import
 * rule stops flagging it and the hints list it; anything else is refused. */
START_TEST(test_allow_module)
{
    an_rules *r = NULL;
    char *err = NULL;
    ck_assert_int_eq(an_rules_load_default(&r, &err), AN_OK);
    size_t n0, n1, o0, o1;
    an_rules_set_items(r, "allowed_modules", &n0);
    const char *const *opt = an_rules_set_items(r, "optin_modules", &o0);
    ck_assert_uint_ge(o0, 1);
    char first[64];
    snprintf(first, sizeof first, "%s", opt[0]);
    ck_assert_int_eq(an_rules_allow_module(r, first, &err), AN_OK);
    const char *const *al = an_rules_set_items(r, "allowed_modules", &n1);
    an_rules_set_items(r, "optin_modules", &o1);
    ck_assert_uint_eq(n1, n0 + 1);
    ck_assert_uint_eq(o1, o0 - 1);
    ck_assert_str_eq(al[n1 - 1], first);
    /* twice, or a default module: nothing changes */
    ck_assert_int_eq(an_rules_allow_module(r, first, &err), AN_OK);
    ck_assert_int_eq(an_rules_allow_module(r, "math", &err), AN_OK);
    an_rules_set_items(r, "allowed_modules", &n1);
    ck_assert_uint_eq(n1, n0 + 1);
    ck_assert_int_eq(an_rules_allow_module(r, "os", &err), AN_EINVAL);
    ck_assert_ptr_nonnull(err);
    free(err);
    err = NULL;
    ck_assert_int_eq(an_rules_allow_module(r, "numpy", &err), AN_EINVAL);
    free(err);
    /* the rule sees the new set (the index was rebuilt) */
    char src[96];
    snprintf(src, sizeof src, "import %s\nimport json\n", first);
    an_parse *p = NULL;
    an_report *rep = NULL;
    ck_assert_int_eq(an_parse_new(src, strlen(src), "t.py", &p), AN_OK);
    ck_assert_int_eq(an_check(r, p, &rep), AN_OK);
    ck_assert_uint_eq(an_report_count(rep), 1);
    ck_assert_uint_eq(an_report_get(rep, 0)->line, 2);
    an_report_free(rep);
    an_parse_free(p);
    an_rules_free(r);
}
END_TEST

START_TEST(test_render_json)
{
    checked c = check_s("import os\n");
    char *t = an_report_render(c.rep, c.p, AN_FMT_JSON);
    cJSON *j = cJSON_Parse(t);
    ck_assert_ptr_nonnull(j);
    cJSON *arr = cJSON_GetObjectItem(j, "diagnostics");
    ck_assert_int_eq(cJSON_GetArraySize(arr), 1);
    cJSON *d = cJSON_GetArrayItem(arr, 0);
    ck_assert_str_eq(cJSON_GetObjectItem(d, "rule")->valuestring, "SP101");
    ck_assert_str_eq(cJSON_GetObjectItem(d, "severity")->valuestring, "error");
    ck_assert_str_eq(cJSON_GetObjectItem(d, "message")->valuestring, "import of module 'os' is not allowed");
    ck_assert_str_eq(cJSON_GetObjectItem(d, "file")->valuestring, "t.py");
    ck_assert(cJSON_GetObjectItem(d, "hint")->valuestring[0]);
    ck_assert_int_eq(cJSON_GetObjectItem(d, "line")->valueint, 1);
    ck_assert_int_eq(cJSON_GetObjectItem(d, "column")->valueint, 8);
    ck_assert_int_eq(cJSON_GetObjectItem(d, "end_line")->valueint, 1);
    ck_assert_int_eq(cJSON_GetObjectItem(d, "end_column")->valueint, 10);
    ck_assert(cJSON_IsFalse(cJSON_GetObjectItem(j, "truncated")));
    cJSON_Delete(j);
    free(t);
    /* several files, one document */
    an_parse *p2 = NULL;
    an_report *r2 = NULL;
    ck_assert_int_eq(an_parse_new("eval('1')\nprint 'x'\n", 20, "u.py", &p2), AN_OK);
    ck_assert_int_eq(an_check(c.r, p2, &r2), AN_OK);
    const an_report *reps[] = {c.rep, r2};
    const an_parse *ps[] = {c.p, p2};
    t = an_report_render_many(reps, ps, 2, AN_FMT_JSON);
    j = cJSON_Parse(t);
    ck_assert_ptr_nonnull(j);
    arr = cJSON_GetObjectItem(j, "diagnostics");
    ck_assert_int_eq(cJSON_GetArraySize(arr), 2);
    ck_assert_str_eq(cJSON_GetObjectItem(cJSON_GetArrayItem(arr, 1), "file")->valuestring, "u.py");
    ck_assert_str_eq(cJSON_GetObjectItem(cJSON_GetArrayItem(arr, 1), "rule")->valuestring, "syntax");
    cJSON_Delete(j);
    free(t);
    t = an_report_render_many(reps, ps, 2, AN_FMT_TEXT);
    ck_assert_ptr_nonnull(strstr(t, " --> t.py:1:8"));
    ck_assert_ptr_nonnull(strstr(t, "\n\nerror[syntax]: Missing parentheses"));
    free(t);
    /* SARIF */
    t = an_report_render_many(reps, ps, 2, AN_FMT_SARIF);
    j = cJSON_Parse(t);
    ck_assert_ptr_nonnull(j);
    ck_assert_str_eq(cJSON_GetObjectItem(j, "version")->valuestring, "2.1.0");
    ck_assert_ptr_nonnull(strstr(cJSON_GetObjectItem(j, "$schema")->valuestring, "sarif"));
    cJSON *run = cJSON_GetArrayItem(cJSON_GetObjectItem(j, "runs"), 0);
    cJSON *driver = cJSON_GetObjectItem(cJSON_GetObjectItem(run, "tool"), "driver");
    ck_assert_str_eq(cJSON_GetObjectItem(driver, "name")->valuestring, "safepy");
    cJSON *rules = cJSON_GetObjectItem(driver, "rules");
    ck_assert_int_eq(cJSON_GetArraySize(rules), 2); /* SP101 and syntax; no duplicates */
    cJSON *r0 = cJSON_GetArrayItem(rules, 0);
    ck_assert_str_eq(cJSON_GetObjectItem(r0, "id")->valuestring, "SP101");
    ck_assert(cJSON_GetObjectItem(cJSON_GetObjectItem(r0, "shortDescription"), "text")->valuestring[0]);
    ck_assert(cJSON_GetObjectItem(cJSON_GetObjectItem(r0, "help"), "text")->valuestring[0]);
    cJSON *results = cJSON_GetObjectItem(run, "results");
    ck_assert_int_eq(cJSON_GetArraySize(results), 2);
    cJSON *res = cJSON_GetArrayItem(results, 0);
    ck_assert_str_eq(cJSON_GetObjectItem(res, "ruleId")->valuestring, "SP101");
    ck_assert_str_eq(cJSON_GetObjectItem(res, "level")->valuestring, "error");
    ck_assert_str_eq(cJSON_GetObjectItem(cJSON_GetObjectItem(res, "message"), "text")->valuestring,
                     "import of module 'os' is not allowed");
    cJSON *phys = cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(res, "locations"), 0),
                                      "physicalLocation");
    ck_assert_str_eq(cJSON_GetObjectItem(cJSON_GetObjectItem(phys, "artifactLocation"), "uri")->valuestring,
                     "t.py");
    cJSON *reg = cJSON_GetObjectItem(phys, "region");
    ck_assert_int_eq(cJSON_GetObjectItem(reg, "startLine")->valueint, 1);
    ck_assert_int_eq(cJSON_GetObjectItem(reg, "startColumn")->valueint, 8);
    ck_assert_int_eq(cJSON_GetObjectItem(reg, "endLine")->valueint, 1);
    ck_assert_int_eq(cJSON_GetObjectItem(reg, "endColumn")->valueint, 10);
    cJSON_Delete(j);
    free(t);
    an_report_free(r2);
    an_parse_free(p2);
    done(&c);
}
END_TEST

START_TEST(test_many_findings)
{
    size_t len;
    char *s = repeat("", "eval('1')\n", 1000, "", &len);
    checked c = check_n(s, len);
    ck_assert_uint_le(an_report_count(c.rep), 200);
    ck_assert_uint_ge(an_report_count(c.rep), 100);
    char *t = an_report_render(c.rep, c.p, AN_FMT_JSON);
    cJSON *j = cJSON_Parse(t);
    ck_assert(cJSON_IsTrue(cJSON_GetObjectItem(j, "truncated")));
    cJSON_Delete(j);
    free(t);
    t = an_report_render(c.rep, c.p, AN_FMT_TEXT);
    ck_assert_ptr_nonnull(strstr(t, "the rest are not shown"));
    free(t);
    done(&c);
    free(s);
}
END_TEST

START_TEST(test_render_escapes)
{
    /* control characters never reach the terminal; JSON stays valid */
    checked c = check_s("x = 1 # \x1b[31m\nimport os # \x1b]0;pwn\x07\n");
    char *t = an_report_render(c.rep, c.p, AN_FMT_TEXT);
    ck_assert_ptr_null(strchr(t, '\x1b'));
    ck_assert_ptr_null(strchr(t, '\x07'));
    free(t);
    t = an_report_render(c.rep, c.p, AN_FMT_SARIF);
    cJSON *j = cJSON_Parse(t);
    ck_assert_ptr_nonnull(j);
    cJSON_Delete(j);
    free(t);
    done(&c);
}
END_TEST

/* The embedded defaults load without compiling each query on its own; the
 * same files from rules/ go through full validation here. */
START_TEST(test_default_rules_validate_fully)
{
    an_rules *r = NULL;
    char *err = NULL;
    ck_assert_int_eq(an_rules_load_default(&r, &err), AN_OK);
    size_t n = an_rules_count(r);
    an_status st = an_rules_load_dir(r, "rules", &err);
    ck_assert_msg(st == AN_OK, "%s", err ? err : "?");
    ck_assert_uint_eq(an_rules_count(r), n); /* same ids replaced */
    free(err);
    an_rules_free(r);
}
END_TEST


/* Profiles: lint's cpython profile refuses CPython escape routes that
 * safepy's own evaluator (the sandbox profile of run and mcp) has not. */
START_TEST(test_profiles)
{
    const char *src = "import random\nrandom._os.system('id')\nv = getattr(self, 'on_' + event)\n"
                      "s = '{0.__class__}'.format(1)\nC = type('C', (), {})\n";
    an_rules *r = rules_default();
    ck_assert_int_eq(an_rules_profile(r), AN_PROFILE_SANDBOX);
    an_parse *p = NULL;
    an_report *rep = NULL;
    ck_assert_int_eq(an_parse_new(src, strlen(src), "t.py", &p), AN_OK);
    ck_assert_int_eq(an_check(r, p, &rep), AN_OK);
    ck_assert_uint_eq(an_report_count(rep), 0);
    an_report_free(rep);
    ck_assert_int_eq(an_rules_set_profile(r, AN_PROFILE_CPYTHON, NULL), AN_OK);
    ck_assert_int_eq(an_check(r, p, &rep), AN_OK);
    ck_assert_ptr_nonnull(find(rep, "SP303"));
    ck_assert_uint_eq(find(rep, "SP303")->line, 2);
    ck_assert_ptr_nonnull(find(rep, "SP305"));
    ck_assert_ptr_nonnull(find(rep, "SP307"));
    ck_assert_ptr_nonnull(find(rep, "SP308"));
    an_report_free(rep);
    an_parse_free(p);
    /* what both profiles refuse */
    const char *both = "import os\nx = int.__subclasses__\n";
    ck_assert_int_eq(an_parse_new(both, strlen(both), "t.py", &p), AN_OK);
    for (int k = 0; k < 2; k++) {
        ck_assert_int_eq(an_rules_set_profile(r, k ? AN_PROFILE_SANDBOX : AN_PROFILE_CPYTHON, NULL), AN_OK);
        ck_assert_int_eq(an_check(r, p, &rep), AN_OK);
        ck_assert_ptr_nonnull(find(rep, "SP101"));
        ck_assert_ptr_nonnull(find(rep, "SP301"));
        an_report_free(rep);
    }
    an_parse_free(p);
    an_rules_free(r);
}
END_TEST

/* Ordinary model code raises nothing under the strict profile. */
START_TEST(test_cpython_profile_ordinary_code)
{
    const char *src =
        "class Shape:\n"
        "    def __init__(self, n):\n"
        "        super().__init__()\n"
        "        self._n = n\n"
        "        self.__secret = 1\n"
        "    def __repr__(self):\n"
        "        return '{0:>10} {name}'.format(self._n, name=type(self).__name__)\n"
        "    def __eq__(self, o):\n"
        "        return isinstance(o, Shape) and o._n == self._n\n"
        "import random, collections, re\n"
        "c = collections.Counter(random.choice('ab') for _ in range(10))\n"
        "m = re.match(r'(\\d+)', '42')\n"
        "print(getattr(c, 'most_common')(1), '{:.2f} {0[1]}'.format(1.5, [1, 2]) if m else None)\n"
        "if __name__ == '__main__':\n"
        "    print(Shape(3))\n";
    an_rules *r = rules_default();
    ck_assert_int_eq(an_rules_set_profile(r, AN_PROFILE_CPYTHON, NULL), AN_OK);
    an_parse *p = NULL;
    an_report *rep = NULL;
    ck_assert_int_eq(an_parse_new(src, strlen(src), "t.py", &p), AN_OK);
    ck_assert_int_eq(an_check(r, p, &rep), AN_OK);
    ck_assert_msg(an_report_count(rep) == 0, "unexpected %s: %s", an_report_count(rep) ? an_report_get(rep, 0)->rule_id : "",
                  an_report_count(rep) ? an_report_get(rep, 0)->message : "");
    an_report_free(rep);
    an_parse_free(p);
    an_rules_free(r);
}
END_TEST

/* --- the syntax corpus: CPython 3.11's SyntaxError for 800+ broken programs --- */

/* tests/syntax/cases.json is produced by tests/syntax/gen.py with python3;
 * this test needs only the file.  "Exact" means CPython's message on
 * CPython's line, as the first syntax diagnostic safepy reports.
 * SYNTAX_VERBOSE=1 lists every mismatch. */
#define SYNTAX_MIN_EXACT 1.00  /* ratchet: raise as the analyzer improves */
#define SYNTAX_MIN_LINE 1.00

typedef struct fam_score {
    char name[32];
    int n, exact, line, col;
} fam_score;

/* Continuation lines inside brackets may start anywhere, even left of
 * their statement (CPython ignores indentation there); tree-sitter's
 * scanner took some for a dedent.  Every program here compiles under
 * python3 3.11. */
START_TEST(test_bracket_continuations)
{
    static const char *valid[] = {
        "def f():\n    (bar.\nbaz)\n",
        "def f():\n    (bar.\n  baz)\n",
        "class A:\n    def f(self):\n        return (1 +\n2)\n",
        "def f():\n    return (a and  # c\n\n b)\n",
        "def f():\n    x = (not\nTrue)\n",
        "def f():\n    x = [1 +\n2,\n  3 *\n 4]\n",
        "def f():\n    x = (1 + \\\n\n2)\n",
        "def f():\n    if x:\n        y = {k:\nv for k, v in\nd.items() if\nk}\n",
        "def f():\n    return (lambda\n: 1)\n",
        "def f():\n    z = x[1:\n2]\n",
        "async def f():\n    await (g.\nh())\n",
        "def f():\n    return (a if\nb else\nc)\n",
        "def f():\n\tx = (a.\nb)\n",
    };
    an_rules *r = rules_default();
    for (size_t i = 0; i < sizeof valid / sizeof *valid; i++) {
        an_parse *p = NULL;
        an_report *rep = NULL;
        ck_assert_int_eq(an_parse_new(valid[i], strlen(valid[i]), "t.py", &p), AN_OK);
        ck_assert_int_eq(an_check(r, p, &rep), AN_OK);
        const an_diag *d = find(rep, "syntax");
        ck_assert_msg(d == NULL, "false syntax error in case %zu: %u:%u %s", i, d ? d->line : 0, d ? d->col : 0,
                      d ? d->message : "");
        an_report_free(rep);
        an_parse_free(p);
    }
    /* the rows of what follows a gap stay the source's */
    const char *src = "def f():\n    x = (a.\nb)\n    y = = 1\n";
    expect_syntax(src, strlen(src), "invalid syntax", 4, 9);
    an_rules_free(r);
}
END_TEST

START_TEST(test_syntax_corpus)
{
    FILE *f = fopen("tests/syntax/cases.json", "rb");
    ck_assert_msg(f != NULL, "tests/syntax/cases.json not found (run from the repository root)");
    fseek(f, 0, SEEK_END);
    long sz = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)sz + 1);
    ck_assert_ptr_nonnull(buf);
    ck_assert_uint_eq(fread(buf, 1, (size_t)sz, f), (size_t)sz);
    buf[sz] = '\0';
    fclose(f);
    cJSON *all = cJSON_Parse(buf);
    free(buf);
    ck_assert_msg(cJSON_IsArray(all), "cases.json is not a JSON array");
    an_rules *r = rules_default();
    fam_score fams[64];
    int nfam = 0, total = 0, exact = 0, line_ok = 0, col_ok = 0;
    bool verbose = getenv("SYNTAX_VERBOSE") != NULL;
    const cJSON *c;
    cJSON_ArrayForEach(c, all) {
        const char *fam = cJSON_GetObjectItem(c, "family")->valuestring;
        const char *name = cJSON_GetObjectItem(c, "name")->valuestring;
        const char *src = cJSON_GetObjectItem(c, "source")->valuestring;
        const char *msg = cJSON_GetObjectItem(c, "msg")->valuestring;
        int line = cJSON_GetObjectItem(c, "line")->valueint;
        int off = cJSON_GetObjectItem(c, "offset")->valueint;
        int k = 0;
        while (k < nfam && strcmp(fams[k].name, fam) != 0)
            k++;
        if (k == nfam) {
            ck_assert_int_lt(nfam, 64);
            memset(&fams[k], 0, sizeof fams[k]);
            snprintf(fams[k].name, sizeof fams[k].name, "%s", fam);
            nfam++;
        }
        an_parse *p = NULL;
        an_report *rep = NULL;
        ck_assert_int_eq(an_parse_new(src, strlen(src), "t.py", &p), AN_OK);
        ck_assert_int_eq(an_check(r, p, &rep), AN_OK);
        const an_diag *d = find(rep, "syntax");
        bool l_ok = d && (int)d->line == line;
        bool m_ok = d && strcmp(d->message, msg) == 0;
        bool c_ok = l_ok && (int)d->col == off;
        fams[k].n++;
        fams[k].exact += l_ok && m_ok;
        fams[k].line += l_ok;
        fams[k].col += l_ok && m_ok && c_ok;
        total++;
        exact += l_ok && m_ok;
        line_ok += l_ok;
        col_ok += l_ok && m_ok && c_ok;
        if (verbose && !(l_ok && m_ok && c_ok))
            fprintf(stderr, "%s %s: want %d:%d %s | got %u:%u %s\n", fam, name, line, off, msg,
                    d ? d->line : 0, d ? d->col : 0, d ? d->message : "(no syntax error)");
        an_report_free(rep);
        an_parse_free(p);
    }
    fprintf(stderr, "syntax corpus: %d cases, exact message+line %d (%.1f%%), right line %d (%.1f%%), "
                    "exact with column %d (%.1f%%)\n",
            total, exact, 100.0 * exact / total, line_ok, 100.0 * line_ok / total, col_ok,
            100.0 * col_ok / total);
    for (int k = 0; k < nfam; k++)
        fprintf(stderr, "  %-14s %4d  exact %5.1f%%  line %5.1f%%  column %5.1f%%\n", fams[k].name,
                fams[k].n, 100.0 * fams[k].exact / fams[k].n, 100.0 * fams[k].line / fams[k].n,
                100.0 * fams[k].col / fams[k].n);
    an_rules_free(r);
    cJSON_Delete(all);
    ck_assert_int_ge(total, 500);
    ck_assert_msg(exact >= SYNTAX_MIN_EXACT * total, "exact matches fell to %d of %d", exact, total);
    ck_assert_msg(line_ok >= SYNTAX_MIN_LINE * total, "right lines fell to %d of %d", line_ok, total);
}
END_TEST

Suite *analyzer_suite(void)
{
    Suite *s = suite_create("analyzer");
    TCase *tc = tcase_create("syntax");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_py2_forms);
    tcase_add_test(tc, test_default_rules_validate_fully);
    tcase_add_test(tc, test_syntax_messages);
    tcase_add_test(tc, test_syntax_corpus);
    tcase_add_test(tc, test_bracket_continuations);
    tcase_add_test(tc, test_nul_and_utf8);
    tcase_add_test(tc, test_indentation);
    tcase_add_test(tc, test_empty_input);
    tcase_add_test(tc, test_100k_parens);
    tcase_add_test(tc, test_nesting_limits);
    tcase_add_test(tc, test_1mb_line);
    tcase_add_test(tc, test_big_programs);
    tcase_add_test(tc, test_names_by_scope);
    suite_add_tcase(s, tc);
    tc = tcase_create("rules");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_default_rules_load);
    tcase_add_test(tc, test_rule_files);
    tcase_add_test(tc, test_sp301_is_the_policy_list);
    tcase_add_test(tc, test_literal_names_follow_policy);
    tcase_add_test(tc, test_profiles);
    tcase_add_test(tc, test_cpython_profile_ordinary_code);
    tcase_add_test(tc, test_rule_test_detects_mismatch);
    tcase_add_test(tc, test_import_messages);
    tcase_add_test(tc, test_rules_skipped_on_syntax_error);
    tcase_add_test(tc, test_rule_validation);
    tcase_add_test(tc, test_predicates);
    tcase_add_test(tc, test_regex_escapes);
    suite_add_tcase(s, tc);
    tc = tcase_create("render");
    tcase_add_test(tc, test_render_text);
    tcase_add_test(tc, test_allow_module);
    tcase_add_test(tc, test_render_json);
    tcase_add_test(tc, test_render_escapes);
    tcase_add_test(tc, test_many_findings);
    suite_add_tcase(s, tc);
    return s;
}
