/* rules.c - rule files, predicates, and running the rules over a tree.
 *
 * A rule file is one JSON object:
 *   {"id": "SP101", "severity": "error"|"warning"|"note", "title": "...",
 *    "message": "... {{capture}} ...", "hint": "... {{set:NAME}} ...",
 *    "references": ["CWE-94", ...], "query": "(tree-sitter query)",
 *    "span": "capture"   (optional: what to underline; default the first capture)}
 * The policy file (policy.json) is {"sets": {"NAME": ["item", ...], ...}}.
 *
 * Predicates (tree-sitter does not apply them; we do):
 *   #eq? #not-eq? @a "text"|@b     #match? #not-match? @a "pcre2"
 *   #any-of? #not-any-of? @a "x" "y" ...
 *   #in-set? #not-in-set? @a "SETNAME"          (sets of the policy file, and the
 *                                               per-program set "module_aliases")
 *   #field-of? #not-field-of? @a "parent_type" "field"
 *   #type? #not-type? @a "node_type" ...      (the captured node's type)
 * Optional keys: "profiles": ["cpython", "sandbox"] (default both: which
 * profiles run the rule), "rationale": "why" (shown by `rules explain`).
 * Identifiers are NFKC-normalized before matching, as CPython does. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>
#include <pcre2.h>
#include <utf8proc.h>

#include "analyzer/an_int.h"

#define MAX_RULE_FILE (1u << 20)

extern const char *const an_embedded_rule_names[];
extern const char *const an_embedded_rule_texts[];

typedef enum pkind {
    P_EQ, P_MATCH, P_ANY_OF, P_IN_SET, P_FIELD_OF, P_TYPE,
} pkind;

typedef struct pred {
    pkind kind;
    bool negate;
    uint32_t cap;
    int64_t cap2;  /* #eq? @a @b, else -1 */
    char **strs;
    size_t nstrs;
    pcre2_code *re;
} pred;

/* A compiled query with its predicates, per pattern. */
typedef struct qset {
    TSQuery *q;
    uint32_t npatterns;
    pred **preds;
    size_t *npreds;
} qset;

typedef struct rule {
    char *id, *title, *message, *hint, *file, *query;
    char *rationale; /* why the rule exists, for `rules explain`; may be NULL */
    char *tests;     /* the annotated test file beside the rule; may be NULL */
    char **refs;
    size_t nrefs;
    unsigned profiles; /* AN_PROFILE_* bits the rule belongs to */
    char *span;     /* capture to underline, or NULL for the first one */
    an_severity sev;
    qset qs;        /* the rule alone: validates the file */
} rule;

typedef struct set {
    char *name;
    char **items;
    size_t n;
} set;

/* Checking runs one query made of every rule's patterns, so the tree is
 * walked once however many rules there are; owner[] maps its patterns back. */
struct an_rules {
    rule **rules;
    size_t n, cap;
    set *sets;
    size_t nsets;
    /* one combined query per profile (index: profile bit - 1), so a run
     * under the sandbox profile does not pay for the cpython-only rules */
    qset all[2];
    rule **owner[2];
    an_profile profile; /* which rules run: AN_PROFILE_SANDBOX unless set */
};

static int prof_index(an_profile p)
{
    return p == AN_PROFILE_CPYTHON ? 0 : 1;
}

/* --- errors ------------------------------------------------------------------- */

static an_status fail_msg(char **err, an_status st, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static an_status fail_msg(char **err, an_status st, const char *fmt, ...)
{
    if (err && !*err) {
        char buf[512];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(buf, sizeof buf, fmt, ap);
        va_end(ap);
        *err = an_strdup(buf);
    }
    return st;
}

/* --- freeing ---------------------------------------------------------------------- */

static void strs_free(char **s, size_t n)
{
    for (size_t i = 0; s && i < n; i++)
        free(s[i]);
    free(s);
}

static void qset_clear(qset *qs)
{
    for (uint32_t i = 0; qs->preds && i < qs->npatterns; i++) {
        for (size_t j = 0; qs->preds[i] && j < qs->npreds[i]; j++) {
            strs_free(qs->preds[i][j].strs, qs->preds[i][j].nstrs);
            pcre2_code_free(qs->preds[i][j].re);
        }
        free(qs->preds[i]);
    }
    free(qs->preds);
    free(qs->npreds);
    if (qs->q)
        ts_query_delete(qs->q);
    memset(qs, 0, sizeof *qs);
}

static void rule_free(rule *r)
{
    if (!r)
        return;
    qset_clear(&r->qs);
    free(r->query);
    free(r->span);
    free(r->id);
    free(r->title);
    free(r->message);
    free(r->hint);
    free(r->file);
    free(r->rationale);
    free(r->tests);
    strs_free(r->refs, r->nrefs);
    free(r);
}

static void sets_free(set *s, size_t n)
{
    for (size_t i = 0; s && i < n; i++) {
        free(s[i].name);
        strs_free(s[i].items, s[i].n);
    }
    free(s);
}

void an_rules_free(an_rules *r)
{
    if (!r)
        return;
    for (size_t i = 0; i < r->n; i++)
        rule_free(r->rules[i]);
    free(r->rules);
    sets_free(r->sets, r->nsets);
    for (int k = 0; k < 2; k++) {
        qset_clear(&r->all[k]);
        free(r->owner[k]);
    }
    free(r);
}

/* --- loading ------------------------------------------------------------------------ */

/* The set of names a program binds to an allowed module (`import random
 * as r`, `t = time`): computed per program, so that `r._os` is what
 * `random._os` is.  Only rules that reach *through* a module use it; the
 * import allowlist (SP101) never does, so an alias cannot widen it. */
#define MODULE_ALIASES "module_aliases"

static const set *find_set(const an_rules *r, const char *name)
{
    for (size_t i = 0; i < r->nsets; i++)
        if (strcmp(r->sets[i].name, name) == 0)
            return &r->sets[i];
    return NULL;
}

static cJSON *parse_json(const char *text, size_t len, const char *file, char **err)
{
    const char *end = NULL;
    if (len > MAX_RULE_FILE) {
        fail_msg(err, AN_EINVAL, "%s: file larger than 1 MiB", file);
        return NULL;
    }
    cJSON *j = cJSON_ParseWithLengthOpts(text, len + 1, &end, 1);
    if (!j) {
        size_t off = end && end >= text ? (size_t)(end - text) : 0;
        size_t line = 1, col = 1;
        for (size_t i = 0; i < off && i < len; i++) {
            if (text[i] == '\n') {
                line++;
                col = 1;
            } else if (((unsigned char)text[i] & 0xC0) != 0x80) {
                col++;
            }
        }
        /* file:line:column, as editors and compilers print positions */
        fail_msg(err, AN_EINVAL, "%s:%zu:%zu: invalid JSON (byte %zu)", file, line, col, off);
        return NULL;
    }
    if (!cJSON_IsObject(j)) {
        cJSON_Delete(j);
        fail_msg(err, AN_EINVAL, "%s: expected a JSON object", file);
        return NULL;
    }
    return j;
}

static an_status load_policy(an_rules *r, const char *text, size_t len, const char *file,
                             char **err)
{
    an_status st = AN_EINVAL;
    set *sets = NULL;
    size_t nsets = 0;
    cJSON *j = parse_json(text, len, file, err);
    if (!j)
        return AN_EINVAL;
    const cJSON *it;
    cJSON_ArrayForEach(it, j) {
        if (strcmp(it->string, "sets") != 0 && strcmp(it->string, "notes") != 0) {
            st = fail_msg(err, AN_EINVAL,
                          "%s: unknown key \"%s\" (a policy file has \"sets\" and \"notes\")",
                          file, it->string);
            goto fail;
        }
    }
    /* "notes": {"SET": "why the set holds what it holds"}, for people */
    const cJSON *notes = cJSON_GetObjectItemCaseSensitive(j, "notes");
    if (notes) {
        const cJSON *x;
        if (!cJSON_IsObject(notes)) {
            st = fail_msg(err, AN_EINVAL, "%s: \"notes\" must be an object of strings", file);
            goto fail;
        }
        cJSON_ArrayForEach(x, notes) {
            if (!cJSON_IsString(x)) {
                st = fail_msg(err, AN_EINVAL, "%s: note \"%s\" must be a string", file, x->string);
                goto fail;
            }
        }
    }
    const cJSON *js = cJSON_GetObjectItemCaseSensitive(j, "sets");
    if (!cJSON_IsObject(js)) {
        st = fail_msg(err, AN_EINVAL, "%s: \"sets\" must be an object of string arrays", file);
        goto fail;
    }
    size_t count = (size_t)cJSON_GetArraySize(js);
    sets = calloc(count ? count : 1, sizeof *sets);
    if (!sets) {
        st = AN_ENOMEM;
        goto fail;
    }
    const cJSON *e;
    cJSON_ArrayForEach(e, js) {
        if (!cJSON_IsArray(e)) {
            st = fail_msg(err, AN_EINVAL, "%s: set \"%s\" must be an array of strings", file, e->string);
            goto fail;
        }
        set *s = &sets[nsets++];
        s->name = an_strdup(e->string);
        size_t ni = (size_t)cJSON_GetArraySize(e);
        s->items = calloc(ni ? ni : 1, sizeof *s->items);
        if (!s->name || !s->items) {
            st = AN_ENOMEM;
            goto fail;
        }
        const cJSON *x;
        cJSON_ArrayForEach(x, e) {
            if (!cJSON_IsString(x) || !x->valuestring[0]) {
                st = fail_msg(err, AN_EINVAL, "%s: set \"%s\" holds a non-string or empty item",
                              file, e->string);
                goto fail;
            }
            if (!(s->items[s->n++] = an_strdup(x->valuestring))) {
                st = AN_ENOMEM;
                goto fail;
            }
        }
    }
    sets_free(r->sets, r->nsets);
    r->sets = sets;
    r->nsets = nsets;
    cJSON_Delete(j);
    return AN_OK;
fail:
    sets_free(sets, nsets);
    cJSON_Delete(j);
    return st;
}

static const char *req_string(const cJSON *j, const char *key, const char *file, char **err)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(j, key);
    if (!cJSON_IsString(v) || !v->valuestring[0]) {
        fail_msg(err, AN_EINVAL, "%s: \"%s\" must be a non-empty string", file, key);
        return NULL;
    }
    return v->valuestring;
}

static bool valid_id(const char *s)
{
    size_t n = strlen(s);
    if (n == 0 || n > 32 || strcmp(s, "syntax") == 0)
        return false;
    for (size_t i = 0; i < n; i++)
        if (!((s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= 'a' && s[i] <= 'z') ||
              (s[i] >= '0' && s[i] <= '9') || s[i] == '_' || s[i] == '-'))
            return false;
    return true;
}

static const char *query_error_name(TSQueryError e)
{
    switch (e) {
    case TSQueryErrorSyntax: return "syntax error";
    case TSQueryErrorNodeType: return "unknown node type";
    case TSQueryErrorField: return "unknown field";
    case TSQueryErrorCapture: return "unknown capture";
    case TSQueryErrorStructure: return "impossible pattern structure";
    default: return "error";
    }
}

static int64_t capture_id(const TSQuery *q, const char *name, size_t len)
{
    uint32_t n = ts_query_capture_count(q);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t l;
        const char *s = ts_query_capture_name_for_id(q, i, &l);
        if (l == len && memcmp(s, name, len) == 0)
            return i;
    }
    return -1;
}

/* Checks {{name}} placeholders: captures of the query or set:NAME. */
static an_status check_placeholders(const rule *ru, const char *text, const char *key, char **err)
{
    const char *s = text;
    while ((s = strstr(s, "{{")) != NULL) {
        const char *e = strstr(s + 2, "}}");
        if (!e)
            return fail_msg(err, AN_EINVAL, "%s: unclosed '{{' in \"%s\"", ru->file, key);
        const char *name = s + 2;
        size_t n = (size_t)(e - name);
        if (n > 4 && memcmp(name, "set:", 4) == 0) {
            /* checked against the policy once every file is loaded */
        } else if (capture_id(ru->qs.q, name, n) < 0) {
            return fail_msg(err, AN_EINVAL, "%s: \"%s\" refers to {{%.*s}}, which is not a capture of the query",
                            ru->file, key, (int)n, name);
        }
        s = e + 2;
    }
    return AN_OK;
}

static an_status compile_preds(qset *qs, const char *file, char **err)
{
    qs->npatterns = ts_query_pattern_count(qs->q);
    qs->preds = calloc(qs->npatterns ? qs->npatterns : 1, sizeof *qs->preds);
    qs->npreds = calloc(qs->npatterns ? qs->npatterns : 1, sizeof *qs->npreds);
    if (!qs->preds || !qs->npreds)
        return AN_ENOMEM;
    for (uint32_t pi = 0; pi < qs->npatterns; pi++) {
        uint32_t nsteps;
        const TSQueryPredicateStep *st = ts_query_predicates_for_pattern(qs->q, pi, &nsteps);
        size_t count = 0;
        for (uint32_t i = 0; i < nsteps; i++)
            count += st[i].type == TSQueryPredicateStepTypeDone;
        qs->preds[pi] = calloc(count ? count : 1, sizeof(pred));
        if (!qs->preds[pi])
            return AN_ENOMEM;
        uint32_t i = 0;
        while (i < nsteps) {
            uint32_t j = i;
            while (j < nsteps && st[j].type != TSQueryPredicateStepTypeDone)
                j++;
            uint32_t nargs = j - i;
            pred *pr = &qs->preds[pi][qs->npreds[pi]++];
            pr->cap2 = -1;
            uint32_t l;
            const char *name = nargs ? ts_query_string_value_for_id(qs->q, st[i].value_id, &l) : "";
            if (nargs == 0 || st[i].type != TSQueryPredicateStepTypeString)
                return fail_msg(err, AN_EINVAL, "%s: malformed predicate", file);
            if (nargs < 3 || st[i + 1].type != TSQueryPredicateStepTypeCapture)
                return fail_msg(err, AN_EINVAL, "%s: #%s needs a capture and an argument", file, name);
            pr->cap = st[i + 1].value_id;
            const char *base = name;
            if (strncmp(name, "not-", 4) == 0) {
                pr->negate = true;
                base = name + 4;
            }
            uint32_t first_str = i + 2;
            if (strcmp(base, "eq?") == 0) {
                pr->kind = P_EQ;
                if (nargs != 3)
                    return fail_msg(err, AN_EINVAL, "%s: #%s takes a capture and one value", file, name);
                if (st[i + 2].type == TSQueryPredicateStepTypeCapture) {
                    pr->cap2 = st[i + 2].value_id;
                    i = j + 1;
                    continue;
                }
            } else if (strcmp(base, "match?") == 0) {
                pr->kind = P_MATCH;
                if (nargs != 3)
                    return fail_msg(err, AN_EINVAL, "%s: #%s takes a capture and one regex", file, name);
            } else if (strcmp(base, "any-of?") == 0) {
                pr->kind = P_ANY_OF;
            } else if (strcmp(base, "in-set?") == 0) {
                pr->kind = P_IN_SET;
                if (nargs != 3)
                    return fail_msg(err, AN_EINVAL, "%s: #%s takes a capture and a set name", file, name);
            } else if (strcmp(base, "type?") == 0) {
                pr->kind = P_TYPE;
            } else if (strcmp(base, "field-of?") == 0) {
                pr->kind = P_FIELD_OF;
                if (nargs != 4)
                    return fail_msg(err, AN_EINVAL, "%s: #%s takes a capture, a node type and a field", file, name);
            } else {
                return fail_msg(err, AN_EINVAL, "%s: unknown predicate #%s", file, name);
            }
            pr->nstrs = j - first_str;
            pr->strs = calloc(pr->nstrs, sizeof *pr->strs);
            if (!pr->strs)
                return AN_ENOMEM;
            for (uint32_t k = first_str; k < j; k++) {
                if (st[k].type != TSQueryPredicateStepTypeString)
                    return fail_msg(err, AN_EINVAL, "%s: #%s wants string arguments after the capture", file, name);
                const char *v = ts_query_string_value_for_id(qs->q, st[k].value_id, &l);
                if (!(pr->strs[k - first_str] = an_strndup(v, l)))
                    return AN_ENOMEM;
            }
            if (pr->kind == P_MATCH) {
                int ec;
                PCRE2_SIZE eo;
                pr->re = pcre2_compile((PCRE2_SPTR)pr->strs[0], PCRE2_ZERO_TERMINATED,
                                       PCRE2_UTF | PCRE2_UCP, &ec, &eo, NULL);
                if (!pr->re) {
                    PCRE2_UCHAR msg[128];
                    pcre2_get_error_message(ec, msg, sizeof msg);
                    return fail_msg(err, AN_EINVAL, "%s: bad regex in #%s at offset %zu: %s", file,
                                    name, (size_t)eo, (const char *)msg);
                }
            }
            i = j + 1;
        }
    }
    return AN_OK;
}

/* `trusted` rules (the embedded defaults, validated by the unit tests from
 * rules/ on disk) skip compiling their query on its own: only the combined
 * query is needed to check code, and the per-rule compile cost most of the
 * startup time (~27 ms of ~38 ms). */
static an_status load_rule(an_rules *r, const char *text, size_t len, const char *file, bool trusted,
                           const char *tests, char **err)
{
    an_status st = AN_EINVAL;
    rule *ru = NULL;
    cJSON *j = parse_json(text, len, file, err);
    if (!j)
        return AN_EINVAL;
    static const char *const keys[] = {"id", "severity", "title", "message", "hint",
                                       "references", "query", "span", "profiles", "rationale", NULL};
    const cJSON *it;
    cJSON_ArrayForEach(it, j) {
        size_t k = 0;
        while (keys[k] && strcmp(keys[k], it->string) != 0)
            k++;
        if (!keys[k]) {
            st = fail_msg(err, AN_EINVAL, "%s: unknown key \"%s\"", file, it->string);
            goto fail;
        }
    }
    const char *id = req_string(j, "id", file, err), *sev = req_string(j, "severity", file, err),
               *title = req_string(j, "title", file, err), *msg = req_string(j, "message", file, err),
               *hint = req_string(j, "hint", file, err), *query = req_string(j, "query", file, err);
    if (!id || !sev || !title || !msg || !hint || !query)
        goto fail;
    if (!valid_id(id)) {
        st = fail_msg(err, AN_EINVAL, "%s: id \"%s\" must be 1-32 letters, digits, '_' or '-'", file, id);
        goto fail;
    }
    const cJSON *refs = cJSON_GetObjectItemCaseSensitive(j, "references");
    if (refs) {
        const cJSON *x;
        if (!cJSON_IsArray(refs)) {
            st = fail_msg(err, AN_EINVAL, "%s: \"references\" must be an array of strings", file);
            goto fail;
        }
        cJSON_ArrayForEach(x, refs) {
            if (!cJSON_IsString(x)) {
                st = fail_msg(err, AN_EINVAL, "%s: \"references\" must be an array of strings", file);
                goto fail;
            }
        }
    }
    st = AN_ENOMEM;
    ru = calloc(1, sizeof *ru);
    if (!ru)
        goto fail;
    if (strcmp(sev, "error") == 0) ru->sev = AN_SEV_ERROR;
    else if (strcmp(sev, "warning") == 0) ru->sev = AN_SEV_WARNING;
    else if (strcmp(sev, "note") == 0) ru->sev = AN_SEV_NOTE;
    else {
        st = fail_msg(err, AN_EINVAL, "%s: unknown severity \"%s\" (error, warning or note)", file, sev);
        goto fail;
    }
    ru->profiles = AN_PROFILE_CPYTHON | AN_PROFILE_SANDBOX;
    const cJSON *prof = cJSON_GetObjectItemCaseSensitive(j, "profiles");
    if (prof) {
        const cJSON *x;
        ru->profiles = 0;
        if (!cJSON_IsArray(prof) || cJSON_GetArraySize(prof) == 0) {
            st = fail_msg(err, AN_EINVAL, "%s: \"profiles\" must be a non-empty array of \"cpython\" and \"sandbox\"", file);
            goto fail;
        }
        cJSON_ArrayForEach(x, prof) {
            if (cJSON_IsString(x) && strcmp(x->valuestring, "cpython") == 0)
                ru->profiles |= AN_PROFILE_CPYTHON;
            else if (cJSON_IsString(x) && strcmp(x->valuestring, "sandbox") == 0)
                ru->profiles |= AN_PROFILE_SANDBOX;
            else {
                st = fail_msg(err, AN_EINVAL, "%s: unknown profile in \"profiles\" (cpython or sandbox)", file);
                goto fail;
            }
        }
    }
    const cJSON *rat = cJSON_GetObjectItemCaseSensitive(j, "rationale");
    if (rat && !cJSON_IsString(rat)) {
        st = fail_msg(err, AN_EINVAL, "%s: \"rationale\" must be a string", file);
        goto fail;
    }
    if (rat && !(ru->rationale = an_strdup(rat->valuestring)))
        goto fail;
    if (refs) {
        const cJSON *x;
        ru->refs = calloc((size_t)cJSON_GetArraySize(refs) + 1, sizeof *ru->refs);
        if (!ru->refs)
            goto fail;
        cJSON_ArrayForEach(x, refs) {
            if (!(ru->refs[ru->nrefs++] = an_strdup(x->valuestring)))
                goto fail;
        }
    }
    if (tests && !(ru->tests = an_strdup(tests)))
        goto fail;
    ru->id = an_strdup(id);
    ru->title = an_strdup(title);
    ru->message = an_strdup(msg);
    ru->hint = an_strdup(hint);
    ru->file = an_strdup(file);
    if (!ru->id || !ru->title || !ru->message || !ru->hint || !ru->file)
        goto fail;
    uint32_t eoff = 0;
    TSQueryError qe = TSQueryErrorNone;
    if (!trusted) {
        ru->qs.q = ts_query_new(tree_sitter_python(), query, (uint32_t)strlen(query), &eoff, &qe);
        if (!ru->qs.q) {
            /* the query is a JSON string: name the offset and the text there */
            size_t ql = strlen(query), at = eoff < ql ? eoff : ql, n = 0;
            while (at + n < ql && n < 24 && query[at + n] != '\n')
                n++;
            st = fail_msg(err, AN_EINVAL, "%s: query %s at offset %u of the query, at '%.*s'", file,
                          query_error_name(qe), eoff, (int)n, query + at);
            goto fail;
        }
        st = compile_preds(&ru->qs, file, err);
        if (st != AN_OK)
            goto fail;
    }
    st = AN_ENOMEM;
    if (!(ru->query = an_strdup(query)))
        goto fail;
    const cJSON *span = cJSON_GetObjectItemCaseSensitive(j, "span");
    if (span) {
        if (!cJSON_IsString(span) ||
            (!trusted && capture_id(ru->qs.q, span->valuestring, strlen(span->valuestring)) < 0)) {
            st = fail_msg(err, AN_EINVAL, "%s: \"span\" must name a capture of the query", file);
            goto fail;
        }
        if (!(ru->span = an_strdup(span->valuestring)))
            goto fail;
    }
    if (!trusted && ((st = check_placeholders(ru, msg, "message", err)) != AN_OK ||
                     (st = check_placeholders(ru, hint, "hint", err)) != AN_OK))
        goto fail;
    /* add or replace by id */
    for (size_t i = 0; i < r->n; i++) {
        if (strcmp(r->rules[i]->id, ru->id) == 0) {
            rule_free(r->rules[i]);
            r->rules[i] = ru;
            cJSON_Delete(j);
            return AN_OK;
        }
    }
    if (r->n == r->cap) {
        size_t cap = r->cap ? r->cap * 2 : 16;
        rule **rs = realloc(r->rules, cap * sizeof *rs);
        if (!rs) {
            st = AN_ENOMEM;
            goto fail;
        }
        r->rules = rs;
        r->cap = cap;
    }
    r->rules[r->n++] = ru;
    cJSON_Delete(j);
    return AN_OK;
fail:
    rule_free(ru);
    cJSON_Delete(j);
    return st;
}

/* Every set a rule names must exist once all files are loaded. */
static an_status check_sets(const an_rules *r, char **err)
{
    for (size_t i = 0; i < r->n; i++) {
        const rule *ru = r->rules[i];
        const qset *qs = &ru->qs;
        for (uint32_t p = 0; p < qs->npatterns; p++)
            for (size_t k = 0; k < qs->npreds[p]; k++)
                if (qs->preds[p][k].kind == P_IN_SET && !find_set(r, qs->preds[p][k].strs[0]) &&
                    strcmp(qs->preds[p][k].strs[0], MODULE_ALIASES) != 0)
                    return fail_msg(err, AN_EINVAL, "%s: unknown set \"%s\" (define it in policy.json)",
                                    ru->file, qs->preds[p][k].strs[0]);
        const char *texts[2] = {ru->message, ru->hint};
        for (int t = 0; t < 2; t++) {
            const char *s = texts[t];
            while ((s = strstr(s, "{{set:")) != NULL) {
                const char *e = strstr(s, "}}");
                char name[128];
                size_t n = (size_t)(e - s - 6);
                if (n >= sizeof name)
                    n = sizeof name - 1;
                memcpy(name, s + 6, n);
                name[n] = '\0';
                if (!find_set(r, name))
                    return fail_msg(err, AN_EINVAL, "%s: unknown set \"%s\" in {{set:...}}", ru->file, name);
                s = e + 2;
            }
        }
    }
    return AN_OK;
}

/* Builds the combined query of the rules of one profile. */
static an_status build_combined(an_rules *r, unsigned mask, qset *all, rule ***owner_out, char **err)
{
    an_status st = AN_ENOMEM;
    qset_clear(all);
    free(*owner_out);
    *owner_out = NULL;
    rule **sel = calloc(r->n ? r->n : 1, sizeof *sel);
    uint32_t *starts = calloc(r->n ? r->n : 1, sizeof *starts);
    char *text = NULL;
    rule **owner = NULL;
    size_t ns = 0;
    if (!sel || !starts)
        goto fail;
    an_buf b = {0};
    for (size_t i = 0; i < r->n; i++) {
        if (!(r->rules[i]->profiles & mask))
            continue;
        starts[ns] = (uint32_t)b.n;
        sel[ns++] = r->rules[i];
        an_buf_puts(&b, r->rules[i]->query);
        an_buf_puts(&b, "\n");
    }
    st = AN_OK;
    if (ns == 0) {
        free(b.s);
        goto fail;
    }
    st = AN_ENOMEM;
    if (!(text = an_buf_take(&b)))
        goto fail;
    uint32_t eoff;
    TSQueryError qe;
    all->q = ts_query_new(tree_sitter_python(), text, (uint32_t)strlen(text), &eoff, &qe);
    if (!all->q) {
        st = fail_msg(err, AN_EINVAL, "the rules together do not form a valid query (%s at offset %u)",
                      query_error_name(qe), eoff);
        goto fail;
    }
    if ((st = compile_preds(all, "rules", err)) != AN_OK)
        goto fail;
    st = AN_ENOMEM;
    owner = calloc(all->npatterns ? all->npatterns : 1, sizeof *owner);
    if (!owner)
        goto fail;
    for (uint32_t p = 0; p < all->npatterns; p++) {
        uint32_t at = ts_query_start_byte_for_pattern(all->q, p);
        size_t k = 0;
        while (k + 1 < ns && starts[k + 1] <= at)
            k++;
        owner[p] = sel[k];
    }
    *owner_out = owner;
    owner = NULL;
    st = AN_OK;
fail:
    if (st != AN_OK)
        qset_clear(all);
    free(owner);
    free(text);
    free(starts);
    free(sel);
    return st;
}

/* Builds the combined queries once every file is loaded. */
static an_status finalize(an_rules *r, char **err)
{
    an_status st = check_sets(r, err);
    if (st != AN_OK)
        return st;
    /* the query of the current profile only: compiling a query is most of
     * the startup time, and run/mcp never use the cpython profile */
    int k = prof_index(r->profile);
    qset_clear(&r->all[1 - k]); /* stale once rules changed; rebuilt on demand */
    free(r->owner[1 - k]);
    r->owner[1 - k] = NULL;
    return build_combined(r, r->profile, &r->all[k], &r->owner[k], err);
}

static bool is_policy_name(const char *name)
{
    return strcmp(name, "policy.json") == 0;
}

an_status an_rules_load_default(an_rules **out, char **err)
{
    an_status st = AN_ENOMEM;
    if (err)
        *err = NULL;
    *out = NULL;
    an_rules *r = calloc(1, sizeof *r);
    if (!r)
        goto fail;
    r->profile = AN_PROFILE_SANDBOX;
    for (int pass = 0; pass < 2; pass++) {
        for (size_t i = 0; an_embedded_rule_names[i]; i++) {
            const char *name = an_embedded_rule_names[i];
            const char *text = an_embedded_rule_texts[i];
            size_t nl = strlen(name);
            if (nl < 5 || strcmp(name + nl - 5, ".json") != 0)
                continue; /* a rule's test file, found by its rule below */
            if (is_policy_name(name) != (pass == 0))
                continue;
            const char *tests = NULL;
            for (size_t k = 0; pass == 1 && an_embedded_rule_names[k]; k++) {
                const char *tn = an_embedded_rule_names[k];
                if (strlen(tn) == nl - 2 && memcmp(tn, name, nl - 5) == 0 && strcmp(tn + nl - 5, ".py") == 0)
                    tests = an_embedded_rule_texts[k];
            }
            st = pass == 0 ? load_policy(r, text, strlen(text), name, err)
                           : load_rule(r, text, strlen(text), name, true, tests, err);
            if (st != AN_OK)
                goto fail;
        }
    }
    if ((st = finalize(r, err)) != AN_OK)
        goto fail;
    *out = r;
    return AN_OK;
fail:
    an_rules_free(r);
    return st;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = malloc(MAX_RULE_FILE + 2);
    size_t n = buf ? fread(buf, 1, MAX_RULE_FILE + 1, f) : 0;
    bool bad = !buf || ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

an_status an_rules_load_dir(an_rules *r, const char *dir, char **err)
{
    an_status st = AN_ENOMEM;
    char **names = NULL;
    size_t n = 0, cap = 0;
    char *path = NULL, *text = NULL;
    if (err)
        *err = NULL;
    DIR *d = opendir(dir);
    if (!d)
        return fail_msg(err, AN_EIO, "cannot open directory '%s'", dir);
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        size_t l = strlen(de->d_name);
        if (l < 6 || strcmp(de->d_name + l - 5, ".json") != 0 || de->d_name[0] == '.')
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 16;
            char **nn = realloc(names, cap * sizeof *nn);
            if (!nn)
                goto fail;
            names = nn;
        }
        if (!(names[n] = an_strdup(de->d_name)))
            goto fail;
        n++;
    }
    if (n > 1)
        qsort(names, n, sizeof *names, cmp_str);
    for (int pass = 0; pass < 2; pass++) {
        for (size_t i = 0; i < n; i++) {
            if (is_policy_name(names[i]) != (pass == 0))
                continue;
            size_t len = 0, pl = strlen(dir) + strlen(names[i]) + 2;
            st = AN_ENOMEM;
            if (!(path = malloc(pl)))
                goto fail;
            snprintf(path, pl, "%s/%s", dir, names[i]);
            if (!(text = read_file(path, &len))) {
                st = fail_msg(err, AN_EIO, "cannot read '%s'", path);
                goto fail;
            }
            if (strlen(text) != len) {
                st = fail_msg(err, AN_EINVAL, "%s: contains a NUL byte", path);
                goto fail;
            }
            char *tests = NULL;
            if (pass == 1) {
                /* DIR/NAME.py beside DIR/NAME.json holds the rule's tests */
                size_t tl;
                memcpy(path + strlen(path) - 5, ".py\0", 4);
                tests = read_file(path, &tl);
                memcpy(path + strlen(path) - 3, ".json", 6);
            }
            st = pass == 0 ? load_policy(r, text, len, path, err)
                           : load_rule(r, text, len, path, false, tests, err);
            free(tests);
            if (st != AN_OK)
                goto fail;
            free(path);
            free(text);
            path = text = NULL;
        }
    }
    st = finalize(r, err);
fail:
    closedir(d);
    free(path);
    free(text);
    strs_free(names, n);
    return st;
}

size_t an_rules_count(const an_rules *r) { return r ? r->n : 0; }
const char *an_rules_id(const an_rules *r, size_t i) { return r->rules[i]->id; }
const char *an_rules_title(const an_rules *r, size_t i) { return r->rules[i]->title; }
an_severity an_rules_severity(const an_rules *r, size_t i) { return r->rules[i]->sev; }
const char *an_rules_message(const an_rules *r, size_t i) { return r->rules[i]->message; }
const char *an_rules_hint(const an_rules *r, size_t i) { return r->rules[i]->hint; }
const char *an_rules_rationale(const an_rules *r, size_t i) { return r->rules[i]->rationale; }
const char *an_rules_file(const an_rules *r, size_t i) { return r->rules[i]->file; }
const char *an_rules_tests(const an_rules *r, size_t i) { return r->rules[i]->tests; }
const char *an_rules_query(const an_rules *r, size_t i) { return r->rules[i]->query; }
unsigned an_rules_profiles(const an_rules *r, size_t i) { return r->rules[i]->profiles; }
size_t an_rules_ref_count(const an_rules *r, size_t i) { return r->rules[i]->nrefs; }
const char *an_rules_ref(const an_rules *r, size_t i, size_t k) { return r->rules[i]->refs[k]; }

an_status an_rules_set_profile(an_rules *r, an_profile p, char **err)
{
    if (err)
        *err = NULL;
    if (!r || (p != AN_PROFILE_CPYTHON && p != AN_PROFILE_SANDBOX))
        return AN_EINVAL;
    r->profile = p;
    int k = prof_index(p);
    if (r->all[k].q || r->n == 0)
        return AN_OK;
    return build_combined(r, p, &r->all[k], &r->owner[k], err);
}

an_profile an_rules_profile(const an_rules *r)
{
    return r ? r->profile : AN_PROFILE_SANDBOX;
}

/* --- matching ------------------------------------------------------------------------- */

typedef struct ctx {
    const an_rules *r;
    const qset *all;   /* the combined query of the profile */
    rule *const *owner;
    const an_parse *p;
    pcre2_match_data *md;
    pcre2_match_context *mc;
    char **aliases; /* MODULE_ALIASES of this program, NFKC-normalized */
    size_t naliases, cap_aliases;
} ctx;

/* The text of a node, NFKC-normalized for identifiers.  *owned is set when
 * the result must be freed. */
static const char *node_text(const ctx *c, TSNode n, size_t *len, char **owned)
{
    uint32_t s = ts_node_start_byte(n), e = ts_node_end_byte(n);
    const char *t = c->p->src + s;
    *len = e - s;
    *owned = NULL;
    const char *type = ts_node_type(n);
    if (strcmp(type, "identifier") != 0 && strcmp(type, "dotted_name") != 0)
        return t;
    bool ascii = true;
    for (size_t i = 0; i < *len; i++)
        ascii &= (unsigned char)t[i] < 0x80;
    if (ascii)
        return t;
    utf8proc_uint8_t *dst = NULL;
    utf8proc_ssize_t r = utf8proc_map((const utf8proc_uint8_t *)t, (utf8proc_ssize_t)*len, &dst,
                                      UTF8PROC_STABLE | UTF8PROC_COMPOSE | UTF8PROC_COMPAT);
    if (r < 0)
        return t;
    *owned = (char *)dst;
    *len = (size_t)r;
    return *owned;
}

static bool text_eq(const char *a, size_t al, const char *b)
{
    return strlen(b) == al && memcmp(a, b, al) == 0;
}

static bool in_field_of(TSNode n, const char *ptype, const char *field)
{
    TSNode parent = ts_node_parent(n);
    if (ts_node_is_null(parent) || strcmp(ts_node_type(parent), ptype) != 0)
        return false;
    bool found = false;
    TSTreeCursor cur = ts_tree_cursor_new(parent);
    if (ts_tree_cursor_goto_first_child(&cur)) {
        do {
            if (ts_node_eq(ts_tree_cursor_current_node(&cur), n)) {
                const char *f = ts_tree_cursor_current_field_name(&cur);
                found = f && strcmp(f, field) == 0;
                break;
            }
        } while (ts_tree_cursor_goto_next_sibling(&cur));
    }
    ts_tree_cursor_delete(&cur);
    return found;
}

/* One predicate against one node: true if it holds (before negation). */
static bool pred_node(const ctx *c, const pred *pr, TSNode n, const TSQueryMatch *m)
{
    if (pr->kind == P_FIELD_OF)
        return in_field_of(n, pr->strs[0], pr->strs[1]);
    if (pr->kind == P_TYPE) { /* no text needed */
        for (size_t i = 0; i < pr->nstrs; i++)
            if (strcmp(ts_node_type(n), pr->strs[i]) == 0)
                return true;
        return false;
    }
    size_t len;
    char *owned;
    const char *t = node_text(c, n, &len, &owned);
    bool ok = false;
    switch (pr->kind) {
    case P_EQ:
        if (pr->cap2 >= 0) {
            for (uint16_t i = 0; i < m->capture_count; i++) {
                if (m->captures[i].index != (uint32_t)pr->cap2)
                    continue;
                size_t l2;
                char *o2;
                const char *t2 = node_text(c, m->captures[i].node, &l2, &o2);
                ok = l2 == len && memcmp(t, t2, len) == 0;
                free(o2);
                break;
            }
        } else {
            ok = text_eq(t, len, pr->strs[0]);
        }
        break;
    case P_MATCH:
        ok = pcre2_match(pr->re, (PCRE2_SPTR)t, len, 0, 0, c->md, c->mc) >= 0;
        break;
    case P_ANY_OF:
        for (size_t i = 0; i < pr->nstrs && !ok; i++)
            ok = text_eq(t, len, pr->strs[i]);
        break;
    case P_IN_SET: {
        if (strcmp(pr->strs[0], MODULE_ALIASES) == 0) {
            for (size_t i = 0; i < c->naliases && !ok; i++)
                ok = text_eq(t, len, c->aliases[i]);
            break;
        }
        const set *s = find_set(c->r, pr->strs[0]);
        for (size_t i = 0; s && i < s->n && !ok; i++)
            ok = text_eq(t, len, s->items[i]);
        break;
    }
    case P_FIELD_OF:
    case P_TYPE:
        break;
    }
    free(owned);
    return ok;
}

static bool preds_hold(const ctx *c, const TSQueryMatch *m)
{
    const qset *qs = c->all;
    for (size_t k = 0; k < qs->npreds[m->pattern_index]; k++) {
        const pred *pr = &qs->preds[m->pattern_index][k];
        for (uint16_t i = 0; i < m->capture_count; i++) {
            if (m->captures[i].index != pr->cap)
                continue;
            if (pred_node(c, pr, m->captures[i].node, m) == pr->negate)
                return false;
        }
    }
    return true;
}

/* Appends capture text for a message: at most 80 code points, no control
 * characters. */
static void put_capture(an_buf *b, const ctx *c, TSNode n)
{
    size_t len;
    char *owned;
    const char *t = node_text(c, n, &len, &owned);
    size_t i = 0, cps = 0;
    while (i < len) {
        if (cps++ >= 80) {
            an_buf_puts(b, "...");
            break;
        }
        utf8proc_int32_t cp;
        utf8proc_ssize_t k = utf8proc_iterate((const utf8proc_uint8_t *)t + i,
                                              (utf8proc_ssize_t)(len - i), &cp);
        if (k <= 0) {
            an_buf_puts(b, "?");
            i++;
            continue;
        }
        if (cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp < 0xa0))
            an_buf_puts(b, "?");
        else
            an_buf_put(b, t + i, (size_t)k);
        i += (size_t)k;
    }
    free(owned);
}

static char *interpolate(const ctx *c, const char *tmpl, const TSQueryMatch *m)
{
    an_buf b = {0};
    const char *s = tmpl;
    for (;;) {
        const char *o = strstr(s, "{{");
        const char *e = o ? strstr(o + 2, "}}") : NULL;
        if (!o || !e) {
            an_buf_puts(&b, s);
            break;
        }
        an_buf_put(&b, s, (size_t)(o - s));
        const char *name = o + 2;
        size_t n = (size_t)(e - name);
        if (n > 4 && memcmp(name, "set:", 4) == 0) {
            for (size_t i = 0; i < c->r->nsets; i++) {
                const set *st = &c->r->sets[i];
                if (strlen(st->name) != n - 4 || memcmp(st->name, name + 4, n - 4) != 0)
                    continue;
                for (size_t k = 0; k < st->n; k++) {
                    if (k)
                        an_buf_puts(&b, ", ");
                    an_buf_puts(&b, st->items[k]);
                }
            }
        } else {
            int64_t id = capture_id(c->all->q, name, n);
            for (uint16_t i = 0; i < m->capture_count; i++) {
                if ((int64_t)m->captures[i].index == id) {
                    put_capture(&b, c, m->captures[i].node);
                    break;
                }
            }
        }
        s = e + 2;
    }
    return an_buf_take(&b);
}

static an_status run_rules(const ctx *c, TSQueryCursor *qc, an_report *rep)
{
    ts_query_cursor_exec(qc, c->all->q, ts_tree_root_node(c->p->tree));
    TSQueryMatch m;
    while (ts_query_cursor_next_match(qc, &m)) {
        if (rep->n >= AN_MAX_DIAGS) {
            rep->truncated = true;
            break;
        }
        if (m.capture_count == 0 || !preds_hold(c, &m))
            continue;
        const rule *ru = c->owner[m.pattern_index];
        TSNode span = m.captures[0].node;
        int64_t span_id = ru->span ? capture_id(c->all->q, ru->span, strlen(ru->span)) : -1;
        for (uint16_t i = 0; i < m.capture_count && span_id >= 0; i++)
            if ((int64_t)m.captures[i].index == span_id) {
                span = m.captures[i].node;
                break;
            }
        char *msg = interpolate(c, ru->message, &m);
        char *hint = interpolate(c, ru->hint, &m);
        an_status st = AN_ENOMEM;
        if (msg && hint)
            st = an_report_add(rep, c->p, ru->id, ru->sev, msg, hint, ru->title,
                               ts_node_start_byte(span), ts_node_end_byte(span));
        free(msg);
        free(hint);
        if (st != AN_OK)
            return st;
    }
    return AN_OK;
}

static void dedupe(an_report *rep)
{
    size_t w = 0;
    for (size_t i = 0; i < rep->n; i++) {
        an_item *it = &rep->items[i];
        if (w > 0) {
            an_item *prev = &rep->items[w - 1];
            if (prev->d.start_byte == it->d.start_byte && prev->d.end_byte == it->d.end_byte &&
                strcmp(prev->d.rule_id, it->d.rule_id) == 0) {
                free((char *)it->d.rule_id);
                free((char *)it->d.message);
                free((char *)it->d.hint);
                free(it->title);
                continue;
            }
        }
        rep->items[w++] = *it;
    }
    rep->n = w;
}

/* Is the identifier n an allowed module or an alias found so far? */
static bool names_module(const ctx *c, TSNode n)
{
    if (strcmp(ts_node_type(n), "identifier") != 0)
        return false;
    size_t len;
    char *owned;
    const char *t = node_text(c, n, &len, &owned);
    bool ok = false;
    const set *s = find_set(c->r, "allowed_modules");
    for (size_t i = 0; s && i < s->n && !ok; i++)
        ok = text_eq(t, len, s->items[i]);
    for (size_t i = 0; i < c->naliases && !ok; i++)
        ok = text_eq(t, len, c->aliases[i]);
    free(owned);
    return ok;
}

static an_status add_alias(ctx *c, TSNode n)
{
    if (c->naliases >= 256)
        return AN_OK; /* enough to know; a program with more is odd already */
    if (c->naliases == c->cap_aliases) {
        size_t cap = c->cap_aliases ? c->cap_aliases * 2 : 8;
        char **a = realloc(c->aliases, cap * sizeof *a);
        if (!a)
            return AN_ENOMEM;
        c->aliases = a;
        c->cap_aliases = cap;
    }
    size_t len;
    char *owned;
    const char *t = node_text(c, n, &len, &owned);
    c->aliases[c->naliases] = owned ? owned : an_strndup(t, len);
    if (!c->aliases[c->naliases])
        return AN_ENOMEM;
    c->naliases++;
    return AN_OK;
}

/* Collects MODULE_ALIASES in source order: `import M as A` and `A = M`
 * (M an allowed module or an earlier alias), at any depth of statements.
 * Expressions are not entered; the walk is bounded by AN_MAX_TREE_DEPTH. */
static an_status collect_aliases(ctx *c)
{
    an_status st = AN_OK;
    uint32_t depth = 0;
    TSTreeCursor cur = ts_tree_cursor_new(ts_tree_root_node(c->p->tree));
    for (;;) {
        TSNode n = ts_tree_cursor_current_node(&cur);
        const char *type = ts_node_type(n);
        bool descend = false;
        if (strcmp(type, "import_statement") == 0) {
            for (uint32_t i = 0; i < ts_node_named_child_count(n) && st == AN_OK; i++) {
                TSNode a = ts_node_named_child(n, i);
                if (strcmp(ts_node_type(a), "aliased_import") != 0)
                    continue;
                TSNode name = ts_node_child_by_field_name(a, "name", 4);
                TSNode alias = ts_node_child_by_field_name(a, "alias", 5);
                if (!ts_node_is_null(name) && !ts_node_is_null(alias) && ts_node_named_child_count(name) == 1 &&
                    names_module(c, ts_node_named_child(name, 0)))
                    st = add_alias(c, alias);
            }
        } else if (strcmp(type, "assignment") == 0) {
            TSNode l = ts_node_child_by_field_name(n, "left", 4);
            TSNode r = ts_node_child_by_field_name(n, "right", 5);
            if (!ts_node_is_null(l) && !ts_node_is_null(r) && strcmp(ts_node_type(l), "identifier") == 0 &&
                names_module(c, r))
                st = add_alias(c, l);
        } else {
            descend = strcmp(type, "module") == 0 || strcmp(type, "block") == 0 ||
                      strcmp(type, "expression_statement") == 0 || strstr(type, "_statement") != NULL ||
                      strstr(type, "_clause") != NULL || strstr(type, "definition") != NULL;
        }
        if (st != AN_OK)
            break;
        if (descend && depth < AN_MAX_TREE_DEPTH && ts_tree_cursor_goto_first_child(&cur)) {
            depth++;
            continue;
        }
        bool moved = false;
        while (!moved) {
            if (ts_tree_cursor_goto_next_sibling(&cur))
                moved = true;
            else if (depth > 0 && ts_tree_cursor_goto_parent(&cur))
                depth--;
            else
                break;
        }
        if (!moved)
            break;
    }
    ts_tree_cursor_delete(&cur);
    return st;
}

an_status an_check(const an_rules *r, const an_parse *p, an_report **out)
{
    an_status st = AN_ENOMEM;
    TSQueryCursor *qc = NULL;
    ctx c = {.r = r, .p = p};
    *out = NULL;
    if (!p)
        return AN_EINVAL;
    an_report *rep = an_report_new();
    if (!rep)
        return AN_ENOMEM;
    for (size_t i = 0; i < p->syntax->n; i++) {
        const an_item *it = &p->syntax->items[i];
        st = an_report_add(rep, p, it->d.rule_id, it->d.severity, it->d.message, it->d.hint,
                           it->title, it->d.start_byte, it->d.end_byte);
        if (st != AN_OK)
            goto fail;
        if (rep->n > 0) {
            /* positions as the parse stage set them: an f-string error
             * carries CPython's column, counted in "(expr)" */
            an_diag *d = &rep->items[rep->n - 1].d;
            d->line = it->d.line;
            d->col = it->d.col;
            d->end_line = it->d.end_line;
            d->end_col = it->d.end_col;
        }
    }
    if (r) {
        c.all = &r->all[prof_index(r->profile)];
        c.owner = r->owner[prof_index(r->profile)];
    }
    if (an_parse_syntax_ok(p) && r && c.all->q && c.owner) {
        st = AN_ENOMEM;
        qc = ts_query_cursor_new();
        c.md = pcre2_match_data_create(4, NULL);
        c.mc = pcre2_match_context_create(NULL);
        if (!qc || !c.md || !c.mc)
            goto fail;
        pcre2_set_match_limit(c.mc, 100000);
        pcre2_set_depth_limit(c.mc, 1000);
        st = collect_aliases(&c);
        if (st != AN_OK)
            goto fail;
        st = run_rules(&c, qc, rep);
        if (st != AN_OK)
            goto fail;
    }
    an_report_sort(rep);
    dedupe(rep);
    st = AN_OK;
    *out = rep;
    rep = NULL;
fail:
    if (qc)
        ts_query_cursor_delete(qc);
    pcre2_match_data_free(c.md);
    pcre2_match_context_free(c.mc);
    for (size_t i = 0; i < c.naliases; i++)
        free(c.aliases[i]);
    free(c.aliases);
    an_report_free(rep);
    return st;
}

/* --- rule tests ------------------------------------------------------------------------ */

typedef struct expect {
    char id[40];
    uint32_t line; /* the annotated line (1-based) */
    bool must;
} expect;

an_status an_rules_test_source(const an_rules *r, const char *src, size_t len,
                               const char *filename, size_t *checked, size_t *failed, char **log)
{
    an_status st = AN_ENOMEM;
    an_parse *p = NULL;
    an_report *rep = NULL;
    expect *ex = NULL;
    size_t nex = 0, cap = 0;
    an_buf b = {0};
    *checked = *failed = 0;
    *log = NULL;
    if ((st = an_parse_new(src, len, filename, &p)) != AN_OK)
        goto fail;
    if ((st = an_check(r, p, &rep)) != AN_OK)
        goto fail;
    st = AN_ENOMEM;
    /* annotations */
    uint32_t line = 1;
    for (size_t i = 0; i < p->len;) {
        size_t e = i;
        while (e < p->len && p->src[e] != '\n')
            e++;
        size_t k = i;
        while (k < e && (p->src[k] == ' ' || p->src[k] == '\t'))
            k++;
        const char *ls = p->src + k;
        size_t ll = e - k;
        bool must = ll > 10 && memcmp(ls, "# ruleid: ", 10) == 0;
        bool ok = ll > 6 && memcmp(ls, "# ok: ", 6) == 0;
        if (must || ok) {
            size_t off = must ? 10 : 6;
            if (nex == cap) {
                cap = cap ? cap * 2 : 32;
                expect *ne = realloc(ex, cap * sizeof *ex);
                if (!ne)
                    goto fail;
                ex = ne;
            }
            expect *x = &ex[nex++];
            size_t idl = ll - off;
            while (idl > 0 && (ls[off + idl - 1] == ' ' || ls[off + idl - 1] == '\r'))
                idl--;
            if (idl >= sizeof x->id)
                idl = sizeof x->id - 1;
            memcpy(x->id, ls + off, idl);
            x->id[idl] = '\0';
            x->line = line + 1;
            x->must = must;
        }
        i = e + 1;
        line++;
    }
    for (size_t i = 0; i < rep->n; i++) {
        const an_diag *d = &rep->items[i].d;
        if (strcmp(d->rule_id, "syntax") == 0) {
            an_buf_printf(&b, "%s:%u: syntax error: %s\n", filename, d->line, d->message);
            (*failed)++;
        }
    }
    for (size_t i = 0; i < nex; i++) {
        bool hit = false;
        for (size_t k = 0; k < rep->n && !hit; k++)
            hit = rep->items[k].d.line == ex[i].line && strcmp(rep->items[k].d.rule_id, ex[i].id) == 0;
        (*checked)++;
        if (hit != ex[i].must) {
            (*failed)++;
            an_buf_printf(&b, "%s:%u: %s: expected %s\n", filename, ex[i].line, ex[i].id,
                          ex[i].must ? "a finding, got none" : "no finding, got one");
        }
    }
    for (size_t k = 0; k < rep->n; k++) {
        const an_diag *d = &rep->items[k].d;
        bool mentioned = false, annotated = false;
        for (size_t i = 0; i < nex; i++) {
            if (strcmp(ex[i].id, d->rule_id) != 0)
                continue;
            mentioned = true;
            annotated |= ex[i].line == d->line;
        }
        if (mentioned && !annotated) {
            (*failed)++;
            an_buf_printf(&b, "%s:%u: %s: unexpected finding: %s\n", filename, d->line, d->rule_id,
                          d->message);
        }
    }
    if (b.oom)
        goto fail;
    *log = b.n ? an_buf_take(&b) : NULL;
    st = AN_OK;
fail:
    free(b.s);
    free(ex);
    an_report_free(rep);
    an_parse_free(p);
    return st;
}
