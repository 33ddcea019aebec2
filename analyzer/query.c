/* query.c - compiles rule queries for the matcher (match.c).
 *
 * The subset of tree-sitter's query language compiled here:
 *   (type child...)  (_)  _  "anonymous"     nodes and wildcards
 *   field: pattern   !field                  fields and negated fields
 *   . pattern   pattern .                    anchors (first/next/last named child)
 *   pattern @capture                         one capture per node
 *   ((pattern) (#pred? ...))                 a group holding one pattern
 *   (#eq? ...) and the other predicates of rules.c, anywhere in a pattern
 * Anything else that tree-sitter accepts -- alternations [...], quantifiers
 * * + ?, sibling sequences at the top, supertypes, ERROR/MISSING, several
 * captures on one node -- makes the query AN_Q_UNSUPPORTED and the rule
 * runs through tree-sitter instead.  Strings unescape as tree-sitter's do
 * (\n \r \t \0, and \x is x), so a rule means the same on both paths. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/an_rules.h"

an_status an_fail(char **err, an_status st, const char *fmt, ...)
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

/* --- predicates ------------------------------------------------------------------ */

void an_pred_clear(an_pred *pr)
{
    for (size_t i = 0; pr->strs && i < pr->nstrs; i++)
        free(pr->strs[i]);
    free(pr->strs);
    pcre2_code_free(pr->re);
    memset(pr, 0, sizeof *pr);
}

/* Checks the shape of a predicate (name, then a capture, then arguments)
 * and fills pr; the same checks whichever parser read it. */
static an_status pred_regex(an_pred *pr, const char *file, char **err)
{
    if (pr->kind != P_MATCH || pr->re)
        return AN_OK;
    int ec;
    PCRE2_SIZE eo;
    pr->re = pcre2_compile((PCRE2_SPTR)pr->strs[0], PCRE2_ZERO_TERMINATED, PCRE2_UTF | PCRE2_UCP, &ec, &eo, NULL);
    if (pr->re)
        return AN_OK;
    if (ec == PCRE2_ERROR_NOMEMORY)
        return AN_ENOMEM;
    PCRE2_UCHAR msg[128];
    pcre2_get_error_message(ec, msg, sizeof msg);
    return an_fail(err, AN_EINVAL, "%s: bad regex in #%s at offset %zu: %s", file,
                   pr->negate ? "not-match?" : "match?", (size_t)eo, (const char *)msg);
}

an_status an_pred_build(an_pred *pr, const char *name, const an_parg *args, size_t nargs, const char *file,
                        char **err)
{
    memset(pr, 0, sizeof *pr);
    pr->cap2 = -1;
    bool capture_only = strcmp(name, "builtin?") == 0 || strcmp(name, "not-builtin?") == 0 ||
                        strcmp(name, "guarded-import?") == 0 || strcmp(name, "not-guarded-import?") == 0 ||
                        strcmp(name, "module?") == 0 || strcmp(name, "not-module?") == 0;
    if (nargs < (capture_only ? 1 : 2) || !args[0].is_cap)
        return an_fail(err, AN_EINVAL, "%s: #%s needs a capture and an argument", file, name);
    pr->cap = args[0].cap;
    const char *base = name;
    if (strncmp(name, "not-", 4) == 0) {
        pr->negate = true;
        base = name + 4;
    }
    if (strcmp(base, "eq?") == 0) {
        pr->kind = P_EQ;
        if (nargs != 2)
            return an_fail(err, AN_EINVAL, "%s: #%s takes a capture and one value", file, name);
        if (args[1].is_cap) {
            pr->cap2 = args[1].cap;
            return AN_OK;
        }
    } else if (strcmp(base, "match?") == 0) {
        pr->kind = P_MATCH;
        if (nargs != 2)
            return an_fail(err, AN_EINVAL, "%s: #%s takes a capture and one regex", file, name);
    } else if (strcmp(base, "any-of?") == 0) {
        pr->kind = P_ANY_OF;
    } else if (strcmp(base, "in-set?") == 0) {
        pr->kind = P_IN_SET;
        if (nargs != 2)
            return an_fail(err, AN_EINVAL, "%s: #%s takes a capture and a set name", file, name);
    } else if (strcmp(base, "type?") == 0) {
        pr->kind = P_TYPE;
    } else if (strcmp(base, "safe-prefix?") == 0) {
        pr->kind = P_SAFE_PREFIX;
    } else if (strcmp(base, "builtin?") == 0 || strcmp(base, "guarded-import?") == 0 || strcmp(base, "module?") == 0) {
        pr->kind = base[0] == 'b' ? P_BUILTIN : base[0] == 'g' ? P_GUARDED : P_MODULE;
        if (nargs != 1)
            return an_fail(err, AN_EINVAL, "%s: #%s takes a capture only", file, name);
        return AN_OK;
    } else if (strcmp(base, "field-of?") == 0) {
        pr->kind = P_FIELD_OF;
        if (nargs != 3)
            return an_fail(err, AN_EINVAL, "%s: #%s takes a capture, a node type and a field", file, name);
    } else {
        return an_fail(err, AN_EINVAL, "%s: unknown predicate #%s", file, name);
    }
    pr->nstrs = nargs - 1;
    pr->strs = calloc(pr->nstrs, sizeof *pr->strs);
    if (!pr->strs)
        return AN_ENOMEM;
    for (size_t k = 1; k < nargs; k++) {
        if (args[k].is_cap)
            return an_fail(err, AN_EINVAL, "%s: #%s wants string arguments after the capture", file, name);
        if (!(pr->strs[k - 1] = an_strndup(args[k].s, args[k].len)))
            return AN_ENOMEM;
    }
    if (pr->kind == P_FIELD_OF)
        pr->ffield = an_field(pr->strs[1], strlen(pr->strs[1]));
    return pred_regex(pr, file, err);
}

/* --- the parser ---------------------------------------------------------------------- */

typedef struct qp {
    const char *s;
    size_t i, n;
    const char *file;
    char **err;
    an_status st;     /* the first error */
    bool unsupported; /* beyond the matcher: tree-sitter runs the rule */
    int nest;         /* parse_pattern calls in progress */
    const TSLanguage *lang;
    an_query *q;
    /* the pattern being read */
    an_step steps[AN_Q_MAX_STEPS];
    uint16_t nsteps;
    an_pred *preds;
    size_t npreds, cap_preds;
} qp;

typedef enum { R_STEP, R_PRED, R_DONE, R_STOP } presult;

static presult qp_error(qp *p, const char *what)
{
    if (p->st == AN_OK && !p->unsupported) {
        size_t k = 0;
        while (p->i + k < p->n && k < 24 && p->s[p->i + k] != '\n')
            k++;
        p->st = an_fail(p->err, AN_EINVAL, "%s: query %s at offset %zu of the query, at '%.*s'", p->file,
                        what, p->i, (int)k, p->s + p->i);
    }
    return R_STOP;
}

static presult qp_unsupported(qp *p)
{
    p->unsupported = true;
    return R_STOP;
}

static presult qp_nomem(qp *p)
{
    if (p->st == AN_OK)
        p->st = AN_ENOMEM;
    return R_STOP;
}

static int cur(const qp *p)
{
    return p->i < p->n ? (unsigned char)p->s[p->i] : -1;
}

static void skip_ws(qp *p)
{
    while (p->i < p->n) {
        char c = p->s[p->i];
        if (c == ';') {
            while (p->i < p->n && p->s[p->i] != '\n')
                p->i++;
        } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
            p->i++;
        } else {
            break;
        }
    }
}

/* tree-sitter's identifier characters (ASCII: node and field names are) */
static bool ident_start(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '-';
}

static bool ident_char(int c)
{
    return ident_start(c) || c == '.' || c == '?' || c == '!';
}

static size_t read_ident(qp *p)
{
    size_t start = p->i;
    if (ident_start(cur(p)))
        while (ident_char(cur(p)))
            p->i++;
    return p->i - start;
}

/* A "string" at p->i, unescaped into *out (malloc'd, NUL-terminated; its
 * length in *len, which may count NUL bytes from \0). */
static bool read_string(qp *p, char **out, size_t *len)
{
    size_t i = p->i + 1, n = 0;
    /* the closing quote, and the length once unescaped */
    while (i < p->n && p->s[i] != '"' && p->s[i] != '\n') {
        i += p->s[i] == '\\' && i + 1 < p->n ? 2 : 1;
        n++;
    }
    if (i >= p->n || p->s[i] != '"') {
        qp_error(p, "syntax error");
        return false;
    }
    char *d = malloc(n + 1);
    if (!d) {
        qp_nomem(p);
        return false;
    }
    size_t k = 0;
    for (size_t j = p->i + 1; j < i; j++) {
        char c = p->s[j];
        if (c == '\\') {
            c = p->s[++j];
            c = c == 'n' ? '\n' : c == 'r' ? '\r' : c == 't' ? '\t' : c == '0' ? '\0' : c;
        }
        d[k++] = c;
    }
    d[k] = '\0';
    *out = d;
    *len = k;
    p->i = i + 1;
    return true;
}

static int64_t capture_of(qp *p, const char *name, size_t len, bool add)
{
    int64_t id = an_query_capture(p->q, name, len);
    if (id >= 0 || !add)
        return id;
    char **caps = realloc(p->q->caps, (p->q->ncaps + 1) * sizeof *caps);
    if (!caps)
        return -2;
    p->q->caps = caps;
    if (!(caps[p->q->ncaps] = an_strndup(name, len)))
        return -2;
    return (int64_t)p->q->ncaps++;
}

/* (#name? @capture arg ...), p->i at '#' */
static presult parse_predicate(qp *p)
{
    an_parg args[64];
    char *owned[64];
    size_t nargs = 0, nowned = 0;
    presult res = R_STOP;
    p->i++;
    size_t ns = p->i, nl = read_ident(p);
    char name[64];
    if (nl == 0 || nl >= sizeof name)
        return qp_error(p, "syntax error");
    memcpy(name, p->s + ns, nl);
    name[nl] = '\0';
    for (;;) {
        skip_ws(p);
        int c = cur(p);
        if (c == ')') {
            p->i++;
            break;
        }
        if (nargs == sizeof args / sizeof *args) {
            qp_unsupported(p);
            goto done;
        }
        an_parg *a = &args[nargs];
        memset(a, 0, sizeof *a);
        if (c == '@') {
            p->i++;
            size_t cs = p->i, cl = read_ident(p);
            int64_t id = cl ? capture_of(p, p->s + cs, cl, false) : -1;
            if (id < 0) {
                p->i = cs;
                qp_error(p, "unknown capture");
                goto done;
            }
            a->is_cap = true;
            a->cap = (uint32_t)id;
        } else if (c == '"') {
            if (!read_string(p, &owned[nowned], &a->len))
                goto done;
            a->s = owned[nowned++];
        } else if (ident_start(c)) {
            a->s = p->s + p->i;
            a->len = read_ident(p);
        } else {
            qp_error(p, "syntax error");
            goto done;
        }
        nargs++;
    }
    if (p->npreds == p->cap_preds) {
        size_t cap = p->cap_preds ? p->cap_preds * 2 : 4;
        an_pred *np = realloc(p->preds, cap * sizeof *np);
        if (!np) {
            qp_nomem(p);
            goto done;
        }
        p->preds = np;
        p->cap_preds = cap;
    }
    an_status st = an_pred_build(&p->preds[p->npreds], name, args, nargs, p->file, p->err);
    p->npreds++; /* built or half-built: cleared with the pattern either way */
    if (st != AN_OK) {
        if (p->st == AN_OK)
            p->st = st;
        goto done;
    }
    res = R_PRED;
done:
    for (size_t k = 0; k < nowned; k++)
        free(owned[k]);
    return res;
}

static int push_step(qp *p, TSSymbol sym, uint8_t flags, int depth)
{
    if (p->nsteps == AN_Q_MAX_STEPS || depth >= AN_Q_MAX_DEPTH) {
        qp_unsupported(p);
        return -1;
    }
    an_step *s = &p->steps[p->nsteps];
    memset(s, 0, sizeof *s);
    s->sym = sym;
    s->flags = flags;
    s->depth = (uint8_t)depth;
    s->cap = -1;
    s->end = (uint16_t)(p->nsteps + 1);
    return p->nsteps++;
}

static presult parse_pattern(qp *p, int depth, bool imm);
static presult parse_pattern_in(qp *p, int depth, bool imm);

/* Captures and quantifiers after the pattern whose step is `at`. */
static presult parse_suffix(qp *p, int at)
{
    for (;;) {
        skip_ws(p);
        int c = cur(p);
        if (c == '*' || c == '+' || c == '?')
            return qp_unsupported(p);
        if (c != '@')
            return R_STEP;
        p->i++;
        size_t cs = p->i, cl = read_ident(p);
        if (cl == 0)
            return qp_error(p, "syntax error");
        if (p->steps[at].cap >= 0)
            return qp_unsupported(p);
        int64_t id = capture_of(p, p->s + cs, cl, true);
        if (id < 0)
            return qp_nomem(p);
        p->steps[at].cap = (int16_t)id;
    }
}

/* (type children...) or (_ children...), p->i after '(' */
static presult parse_node(qp *p, int depth, bool imm)
{
    uint8_t flags = AN_ST_NAMED | (imm ? AN_ST_IMM : 0);
    TSSymbol sym = 0;
    size_t ns = p->i, nl = read_ident(p);
    if (nl == 0)
        return qp_error(p, "syntax error");
    if (nl == 1 && p->s[ns] == '_') {
        flags |= AN_ST_WILD;
    } else {
        if ((nl == 5 && memcmp(p->s + ns, "ERROR", 5) == 0) || (nl == 7 && memcmp(p->s + ns, "MISSING", 7) == 0))
            return qp_unsupported(p);
        sym = an_symbol(p->s + ns, nl, true);
        if (sym == 0) {
            p->i = ns;
            return qp_error(p, "unknown node type");
        }
        /* a supertype (expression...) is hidden in trees: tree-sitter
         * matches it through the parse table */
        if (ts_language_symbol_type(p->lang, sym) != TSSymbolTypeRegular)
            return qp_unsupported(p);
    }
    if (cur(p) == '/')
        return qp_unsupported(p);
    int at = push_step(p, sym, flags, depth);
    if (at < 0)
        return R_STOP;
    int last = -1;
    bool child_imm = false;
    for (;;) {
        skip_ws(p);
        int c = cur(p);
        if (c == '.') {
            p->i++;
            child_imm = true;
            continue;
        }
        if (c == '!') {
            p->i++;
            size_t fs = p->i, fl = read_ident(p);
            TSFieldId f = fl ? an_field(p->s + fs, fl) : 0;
            if (f == 0) {
                p->i = fs;
                return qp_error(p, "unknown field");
            }
            if (p->steps[at].nneg == AN_Q_MAX_NEG)
                return qp_unsupported(p);
            p->steps[at].neg[p->steps[at].nneg++] = f;
            continue;
        }
        uint16_t before = p->nsteps;
        presult r = parse_pattern(p, depth + 1, child_imm);
        if (r == R_STOP)
            return R_STOP;
        if (r == R_DONE) {
            if (child_imm) {
                if (last < 0)
                    return qp_unsupported(p);
                p->steps[last].flags |= AN_ST_LAST;
            }
            break;
        }
        if (r == R_STEP) {
            last = before;
            child_imm = false;
        } else if (child_imm) {
            return qp_unsupported(p); /* an anchor before a predicate */
        } else {
            /* tree-sitter would pin a '.' after a predicate to no child
             * step we know: leave such a query to it */
            last = -1;
        }
    }
    p->i++; /* ')' */
    p->steps[at].end = p->nsteps;
    return parse_suffix(p, at);
}

static presult parse_pattern(qp *p, int depth, bool imm)
{
    /* groups nest without adding steps: bound the recursion itself */
    if (++p->nest > 4 * AN_Q_MAX_DEPTH) {
        p->nest--;
        return qp_unsupported(p);
    }
    presult r = parse_pattern_in(p, depth, imm);
    p->nest--;
    return r;
}

static presult parse_pattern_in(qp *p, int depth, bool imm)
{
    skip_ws(p);
    int c = cur(p);
    if (c < 0)
        return qp_error(p, "syntax error");
    if (c == ')')
        return R_DONE;
    if (c == '[' || c == ']')
        return qp_unsupported(p);
    if (c == '(') {
        p->i++;
        skip_ws(p);
        c = cur(p);
        if (c == '#')
            return parse_predicate(p);
        if (c == '.')
            return qp_unsupported(p); /* the old (.eq? ...) form */
        if (c != '(' && c != '"' && c != '[')
            return parse_node(p, depth, imm);
        /* a group: one pattern (plus predicates) is that pattern; a
         * sequence of siblings is left to tree-sitter */
        int first = -1, count = 0;
        for (;;) {
            skip_ws(p);
            if (cur(p) == '.')
                return qp_unsupported(p);
            uint16_t before = p->nsteps;
            presult r = parse_pattern(p, depth, imm);
            if (r == R_STOP)
                return R_STOP;
            if (r == R_DONE)
                break;
            if (r == R_STEP) {
                first = before;
                count++;
            }
        }
        p->i++;
        if (count != 1)
            return qp_unsupported(p);
        skip_ws(p);
        if (cur(p) == '@' || cur(p) == '*' || cur(p) == '+' || cur(p) == '?')
            return qp_unsupported(p);
        (void)first;
        return R_STEP;
    }
    if (c == '"') {
        char *s;
        size_t len;
        if (!read_string(p, &s, &len))
            return R_STOP;
        TSSymbol sym = an_symbol(s, len, false);
        free(s);
        if (sym == 0)
            return qp_error(p, "unknown node type");
        int at = push_step(p, sym, imm ? AN_ST_IMM : 0, depth);
        return at < 0 ? R_STOP : parse_suffix(p, at);
    }
    if (c == '_' && !ident_char(p->i + 1 < p->n ? (unsigned char)p->s[p->i + 1] : -1)) {
        p->i++;
        int at = push_step(p, 0, AN_ST_WILD | (imm ? AN_ST_IMM : 0), depth);
        return at < 0 ? R_STOP : parse_suffix(p, at);
    }
    if (ident_start(c)) {
        size_t fs = p->i, fl = read_ident(p);
        skip_ws(p);
        if (cur(p) != ':' || depth == 0) {
            p->i = fs;
            return qp_error(p, "syntax error");
        }
        p->i++;
        TSFieldId f = an_field(p->s + fs, fl);
        if (f == 0) {
            p->i = fs;
            return qp_error(p, "unknown field");
        }
        uint16_t before = p->nsteps;
        presult r = parse_pattern(p, depth, imm);
        if (r == R_STOP)
            return R_STOP;
        if (r != R_STEP || p->nsteps != p->steps[before].end)
            return r == R_STEP ? qp_unsupported(p) : qp_error(p, "syntax error");
        p->steps[before].field = f;
        return R_STEP;
    }
    return qp_error(p, "syntax error");
}

/* --- compiled queries ------------------------------------------------------------------ */

static void pat_clear(an_pat *pt)
{
    for (size_t k = 0; pt->preds && k < pt->npreds; k++)
        an_pred_clear(&pt->preds[k]);
    free(pt->preds);
    free(pt->steps);
    memset(pt, 0, sizeof *pt);
}

void an_query_clear(an_query *q)
{
    for (size_t i = 0; q->pats && i < q->npats; i++)
        pat_clear(&q->pats[i]);
    free(q->pats);
    for (size_t i = 0; q->caps && i < q->ncaps; i++)
        free(q->caps[i]);
    free(q->caps);
    memset(q, 0, sizeof *q);
}

int64_t an_query_capture(const an_query *q, const char *name, size_t len)
{
    for (size_t i = 0; i < q->ncaps; i++)
        if (strlen(q->caps[i]) == len && memcmp(q->caps[i], name, len) == 0)
            return (int64_t)i;
    return -1;
}

an_status an_query_compile(an_query *q, const char *text, const char *file, an_qres *res, char **err)
{
    qp p = {.s = text, .n = strlen(text), .file = file, .err = err, .lang = tree_sitter_python(), .q = q};
    memset(q, 0, sizeof *q);
    *res = AN_Q_OK;
    for (;;) {
        skip_ws(&p);
        if (p.i >= p.n)
            break;
        p.nsteps = 0;
        p.npreds = 0;
        presult r = parse_pattern(&p, 0, false);
        if (r == R_DONE || r == R_PRED)
            r = p.unsupported ? R_STOP : qp_error(&p, "syntax error");
        if (r == R_STOP)
            goto stop;
        an_pat *pats = realloc(q->pats, (q->npats + 1) * sizeof *pats);
        if (!pats) {
            qp_nomem(&p);
            goto stop;
        }
        q->pats = pats;
        an_pat *pt = &q->pats[q->npats++];
        memset(pt, 0, sizeof *pt);
        pt->steps = malloc(p.nsteps * sizeof *pt->steps);
        if (!pt->steps) {
            qp_nomem(&p);
            goto stop;
        }
        memcpy(pt->steps, p.steps, p.nsteps * sizeof *pt->steps);
        pt->nsteps = p.nsteps;
        pt->preds = p.preds;
        pt->npreds = p.npreds;
        p.preds = NULL;
        p.npreds = p.cap_preds = 0;
    }
    if (q->npats == 0)
        return an_fail(err, AN_EINVAL, "%s: the query has no pattern", file);
    return AN_OK;
stop:
    for (size_t k = 0; k < p.npreds; k++)
        an_pred_clear(&p.preds[k]);
    free(p.preds);
    an_query_clear(q);
    if (p.st != AN_OK)
        return p.st;
    *res = AN_Q_UNSUPPORTED;
    return AN_OK;
}
