/* gen_rules.c - build-time transcription of the rule files into C.
 *
 *   gen_rules rules/policy.json rules/SP101.json rules/SP101.py ... > rules_embedded.c
 *
 * Each rule file becomes an an_rule_src record (its fields as C strings,
 * its test file beside it), the policy's sets an_set_src records, so that
 * startup does not parse JSON (it was a third of the rules' startup cost).
 * The files stay the only source: this reads them as rules.c's load_rule
 * and load_policy do, and stops the build on what they would refuse at the
 * JSON level; the values (severity, profiles, the query...) are checked by
 * build_rule at startup and by the unit tests, which load rules/ itself.
 * Rules come out in the order given (the Makefile sorts them), which is the
 * order their patterns are tried and reported in.
 *
 *   gen_rules --evaluator rules/policy.json > ev_policy.c
 *
 * writes the policy's "attributes" map (the escape-chain attributes, each
 * with why and what to write instead; those marked harmless_in_safepy
 * left out) as the evaluator's sorted table
 * ev_policy_attrs, so that the evaluator's run-time refusals and rule SP301
 * (the set internal_attributes, made of the same names) come from one list. */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#define MAX_FILE (1u << 20)

static const char *prog_file; /* for messages */

static void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void die(const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "gen_rules: %s: ", prog_file);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(1);
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        die("cannot open (%s)", path);
    char *buf = malloc(MAX_FILE + 2);
    if (!buf)
        die("out of memory");
    size_t n = fread(buf, 1, MAX_FILE + 1, f);
    if (ferror(f) || n > MAX_FILE)
        die("cannot read it, or it is over 1 MiB");
    fclose(f);
    buf[n] = '\0';
    if (strlen(buf) != n)
        die("contains a NUL byte");
    *len = n;
    return buf;
}

static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

/* A C string literal: octal escapes for all but plain characters (no
 * trigraphs, no hex-escape run-ons), split after each newline. */
static void put_str(FILE *o, const char *s)
{
    if (!s) {
        fputs("NULL", o);
        return;
    }
    putc('"', o);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        unsigned c = *p;
        if (c == '\n') {
            fputs("\\n\"\n    \"", o);
        } else if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\' && c != '?') {
            putc((int)c, o);
        } else {
            fprintf(o, "\\%03o", c);
        }
    }
    putc('"', o);
}

static cJSON *parse(const char *path)
{
    size_t len;
    char *text = slurp(path, &len);
    const char *end = NULL;
    cJSON *j = cJSON_ParseWithLengthOpts(text, len + 1, &end, 1);
    if (!j || !cJSON_IsObject(j))
        die("invalid JSON, or not an object");
    free(text);
    return j;
}

static const char *opt_string(const cJSON *j, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(j, key);
    if (v && !cJSON_IsString(v))
        die("\"%s\" must be a string", key);
    return v ? v->valuestring : NULL;
}

static const char *req_string(const cJSON *j, const char *key)
{
    const char *s = opt_string(j, key);
    if (!s || !s[0])
        die("\"%s\" must be a non-empty string", key);
    return s;
}

/* static const char *const NAME[] = {...}; for an array of strings */
static size_t put_array(const cJSON *a, const char *what, const char *name)
{
    size_t n = 0;
    const cJSON *x;
    if (!cJSON_IsArray(a))
        die("\"%s\" must be an array of strings", what);
    printf("static const char *const %s[] = {\n", name);
    cJSON_ArrayForEach(x, a) {
        if (!cJSON_IsString(x))
            die("\"%s\" must be an array of strings", what);
        fputs("    ", stdout);
        put_str(stdout, x->valuestring);
        fputs(",\n", stdout);
        n++;
    }
    printf("    NULL};\n");
    return n;
}

#define ATTR_SET "internal_attributes"

/* The policy file, checked as rules.c's load_policy checks it: "sets",
 * "notes" and "attributes" ({"NAME": {"why": "...", "instead": "..."}}),
 * whose names make the set internal_attributes. */
static cJSON *read_policy(const char *path)
{
    prog_file = path;
    cJSON *j = parse(path);
    const cJSON *it, *sets = cJSON_GetObjectItemCaseSensitive(j, "sets");
    const cJSON *attrs = cJSON_GetObjectItemCaseSensitive(j, "attributes");
    cJSON_ArrayForEach(it, j)
        if (strcmp(it->string, "sets") != 0 && strcmp(it->string, "notes") != 0 &&
            strcmp(it->string, "attributes") != 0)
            die("unknown key \"%s\"", it->string);
    if (!cJSON_IsObject(sets))
        die("\"sets\" must be an object of string arrays");
    if (cJSON_GetObjectItemCaseSensitive(sets, ATTR_SET))
        die("the set \"" ATTR_SET "\" is made of the names of \"attributes\"; do not define it");
    if (attrs && !cJSON_IsObject(attrs))
        die("\"attributes\" must be an object");
    cJSON_ArrayForEach(it, attrs) {
        const cJSON *f;
        if (!cJSON_IsObject(it) || !it->string[0])
            die("attribute \"%s\" must be an object with \"why\" and \"instead\"", it->string);
        cJSON_ArrayForEach(f, it)
            if ((strcmp(f->string, "why") != 0 && strcmp(f->string, "instead") != 0 &&
                 strcmp(f->string, "harmless_in_safepy") != 0) ||
                !cJSON_IsString(f) || !f->valuestring[0])
                die("attribute \"%s\": \"%s\" is not a non-empty \"why\", \"instead\" or "
                    "\"harmless_in_safepy\" string",
                    it->string, f->string);
        if (!cJSON_GetObjectItemCaseSensitive(it, "why") || !cJSON_GetObjectItemCaseSensitive(it, "instead"))
            die("attribute \"%s\" needs both \"why\" and \"instead\"", it->string);
    }
    return j;
}

static void gen_policy(const char *path)
{
    cJSON *j = read_policy(path);
    const cJSON *it, *sets = cJSON_GetObjectItemCaseSensitive(j, "sets");
    const cJSON *attrs = cJSON_GetObjectItemCaseSensitive(j, "attributes");
    size_t k = 0, *counts = calloc((size_t)cJSON_GetArraySize(sets) + 1, sizeof *counts);
    if (!counts)
        die("out of memory");
    cJSON_ArrayForEach(it, sets) {
        char name[32];
        snprintf(name, sizeof name, "set_%zu", k);
        const cJSON *x;
        cJSON_ArrayForEach(x, it)
            if (cJSON_IsString(x) && !x->valuestring[0])
                die("set \"%s\" holds an empty item", it->string);
        counts[k++] = put_array(it, it->string, name);
    }
    size_t nattrs = 0;
    if (attrs) {
        printf("static const char *const set_attrs[] = {\n");
        cJSON_ArrayForEach(it, attrs) {
            fputs("    ", stdout);
            put_str(stdout, it->string);
            fputs(",\n", stdout);
            nattrs++;
        }
        printf("    NULL};\n");
    }
    printf("const an_set_src an_embedded_sets[] = {\n");
    k = 0;
    cJSON_ArrayForEach(it, sets) {
        fputs("    {", stdout);
        put_str(stdout, it->string);
        printf(", set_%zu, %zu},\n", k, counts[k]);
        k++;
    }
    if (attrs) {
        printf("    {\"" ATTR_SET "\", set_attrs, %zu},\n", nattrs);
        k++;
    }
    printf("    {NULL, NULL, 0}};\nconst size_t an_embedded_nsets = %zu;\n\n", k);
    free(counts);
    cJSON_Delete(j);
}

static int cmp_item(const void *a, const void *b)
{
    return strcmp((*(const cJSON *const *)a)->string, (*(const cJSON *const *)b)->string);
}

/* The evaluator's table, sorted by name for its binary search. */
static int gen_evaluator_policy(const char *path)
{
    cJSON *j = read_policy(path);
    const cJSON *it, *attrs = cJSON_GetObjectItemCaseSensitive(j, "attributes");
    size_t n = 0, cap = (size_t)cJSON_GetArraySize(attrs);
    const cJSON **v = calloc(cap + 1, sizeof *v);
    if (!v)
        die("out of memory");
    /* the evaluator refuses all but the names whose safepy object is
     * harmless (the entry says why) */
    cJSON_ArrayForEach(it, attrs)
        if (!cJSON_GetObjectItemCaseSensitive(it, "harmless_in_safepy"))
            v[n++] = it;
    qsort(v, n, sizeof *v, cmp_item);
    for (size_t i = 1; i < n; i++)
        if (strcmp(v[i - 1]->string, v[i]->string) == 0)
            die("attribute \"%s\" appears twice", v[i]->string);
    printf("/* generated from rules/policy.json by analyzer/gen_rules.c; do not edit */\n"
           "#include \"evaluator/ev.h\"\n\nconst ev_policy_attr ev_policy_attrs[] = {\n");
    for (size_t i = 0; i < n; i++) {
        fputs("    {", stdout);
        put_str(stdout, v[i]->string);
        fputs(",\n     ", stdout);
        put_str(stdout, cJSON_GetObjectItemCaseSensitive(v[i], "why")->valuestring);
        fputs(",\n     ", stdout);
        put_str(stdout, cJSON_GetObjectItemCaseSensitive(v[i], "instead")->valuestring);
        fputs("},\n", stdout);
    }
    printf("};\nconst size_t ev_policy_nattrs = %zu;\n", n);
    free(v);
    cJSON_Delete(j);
    return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 1;
}

/* The rule's record; its arrays and test text are emitted first. */
static void gen_rule(const char *path, const char *tests_path, size_t idx, char **records)
{
    static const char *const keys[] = {"id", "severity", "title", "message", "hint",
                                       "references", "query", "span", "profiles", "rationale", NULL};
    prog_file = path;
    cJSON *j = parse(path);
    const cJSON *it;
    cJSON_ArrayForEach(it, j) {
        size_t k = 0;
        while (keys[k] && strcmp(keys[k], it->string) != 0)
            k++;
        if (!keys[k])
            die("unknown key \"%s\"", it->string);
    }
    const cJSON *refs = cJSON_GetObjectItemCaseSensitive(j, "references");
    const cJSON *prof = cJSON_GetObjectItemCaseSensitive(j, "profiles");
    char rname[32] = "NULL", pname[32] = "NULL";
    size_t nrefs = 0, nprof = 0;
    if (refs) {
        snprintf(rname, sizeof rname, "refs_%zu", idx);
        nrefs = put_array(refs, "references", rname);
    }
    if (prof) {
        snprintf(pname, sizeof pname, "prof_%zu", idx);
        nprof = put_array(prof, "profiles", pname);
    }
    char *tests = NULL;
    if (tests_path) {
        size_t tl;
        prog_file = tests_path;
        tests = slurp(tests_path, &tl);
        prog_file = path;
    }
    /* the record, kept as text until every array is out */
    char *buf = NULL;
    size_t blen = 0;
    FILE *m = open_memstream(&buf, &blen);
    if (!m)
        die("out of memory");
    const char *fields[] = {"file", "id", "severity", "title", "message", "hint", "query", "span", "rationale"};
    const char *vals[] = {base_name(path), req_string(j, "id"), req_string(j, "severity"),
                          req_string(j, "title"), req_string(j, "message"), req_string(j, "hint"),
                          req_string(j, "query"), opt_string(j, "span"), opt_string(j, "rationale")};
    fprintf(m, "    {");
    for (size_t k = 0; k < sizeof fields / sizeof *fields; k++) {
        fprintf(m, "\n     .%s = ", fields[k]);
        put_str(m, vals[k]);
        putc(',', m);
    }
    fprintf(m, "\n     .tests = ");
    put_str(m, tests);
    fprintf(m, ",\n     .refs = %s, .nrefs = %zu, .profiles = %s, .nprofiles = %zu},\n", rname, nrefs, pname,
            nprof);
    if (fclose(m) != 0 || !buf)
        die("out of memory");
    *records = buf;
    free(tests);
    cJSON_Delete(j);
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--evaluator") == 0)
        return gen_evaluator_policy(argv[2]);
    size_t nrules = 0;
    char **records = calloc((size_t)argc, sizeof *records);
    if (!records)
        return 1;
    printf("/* generated from the rule files by analyzer/gen_rules.c; do not edit */\n"
           "#include \"analyzer/an_rules.h\"\n\n");
    bool have_policy = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(base_name(argv[i]), "policy.json") == 0) {
            gen_policy(argv[i]);
            have_policy = true;
        }
    }
    if (!have_policy)
        printf("const an_set_src an_embedded_sets[] = {{NULL, NULL, 0}};\n"
               "const size_t an_embedded_nsets = 0;\n\n");
    for (int i = 1; i < argc; i++) {
        const char *b = base_name(argv[i]);
        if (!ends_with(b, ".json") || strcmp(b, "policy.json") == 0)
            continue;
        /* NAME.py beside NAME.json holds the rule's tests */
        const char *tests = NULL;
        size_t stem = strlen(argv[i]) - 5;
        for (int k = 1; k < argc; k++)
            if (strlen(argv[k]) == stem + 3 && strncmp(argv[k], argv[i], stem) == 0 && ends_with(argv[k], ".py"))
                tests = argv[k];
        gen_rule(argv[i], tests, nrules, &records[nrules]);
        nrules++;
    }
    printf("const an_rule_src an_embedded_rules[] = {\n");
    for (size_t i = 0; i < nrules; i++) {
        fputs(records[i], stdout);
        free(records[i]);
    }
    printf("    {.file = NULL}};\nconst size_t an_embedded_nrules = %zu;\n", nrules);
    free(records);
    return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 1;
}
