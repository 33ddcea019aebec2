/*
 * codemode.c - code mode inside the worker: the upstream tools as host
 * functions of the session (tools.SERVER.TOOL), and the mapping between
 * Python's plain data and the JSON of MCP.
 *
 * Python -> JSON, as json.dumps does it: None null, bool, int (exact, any
 * size), float (finite only: ValueError otherwise, as with allow_nan=False),
 * str (no NUL characters: the broker's JSON reader cannot carry them), list
 * and tuple as arrays, dict with str keys (int, bool and None keys become
 * strings like json.dumps makes them) as objects.  bytes, set and frozenset
 * have no JSON form: TypeError "Object of type bytes is not JSON
 * serializable", which is json's own message; a tool that wants bytes takes
 * them as a string (base64 or text), which the program makes explicitly.
 *
 * JSON -> Python: null None, true/false bool, an integral number within
 * 2**53 int, any other number float, string str, array list, object dict.
 * The result of a call is its structuredContent when present, else its
 * content: the text blocks joined with newlines as one str when every block
 * is text, the one block as a dict when it is the only one and not text,
 * else a list of str (text blocks) and dicts (the others); no content is
 * None.  isError raises tools.ToolError with the text.
 *
 * The reply is parsed here, inside the sandbox, not in the broker: a hostile
 * server's result is only ever interpreted by the locked-down process.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mcp_server/mcp_internal.h"

typedef struct host_ud {
    const mcp_upstreams *up;
    uint32_t index;
} host_ud;

static char *dup_text(const char *s, size_t n)
{
    char *p = malloc(n + 1);
    if (p) {
        memcpy(p, s, n);
        p[n] = '\0';
    }
    return p;
}

static ev_host_status fail(ev_host_error *err, const char *type, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static ev_host_status fail(ev_host_error *err, const char *type, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    snprintf(err->type, sizeof err->type, "%s", type);
    err->message = strdup(buf);
    return EV_HOST_ERROR;
}

/* --- Python -> JSON ------------------------------------------------------------------ */

static const char *kind_name(ev_plain_kind k)
{
    switch (k) {
    case EV_PLAIN_BYTES: return "bytes";
    case EV_PLAIN_SET: return "set";
    case EV_PLAIN_FROZENSET: return "frozenset";
    case EV_PLAIN_FLOAT: return "float";
    case EV_PLAIN_TUPLE: return "tuple";
    case EV_PLAIN_LIST: return "list";
    case EV_PLAIN_DICT: return "dict";
    default: return "object";
    }
}

/* The shortest %g text that reads back as f, like cJSON prints numbers. */
static void float_text(double f, char *buf, size_t size)
{
    for (int prec = 15; prec <= 17; prec++) {
        snprintf(buf, size, "%.*g", prec, f);
        if (strtod(buf, NULL) == f)
            return;
    }
}

/* *out: the JSON of v, or NULL with *err filled (then returns the status). */
static ev_host_status to_json(const ev_plain *v, int depth, cJSON **out, ev_host_error *err)
{
    *out = NULL;
    char num[64];
    if (depth > EV_PLAIN_MAX_DEPTH)
        return fail(err, "ValueError", "tool arguments nested more than %d deep",
                    EV_PLAIN_MAX_DEPTH);
    switch (v->kind) {
    case EV_PLAIN_NONE:
        *out = cJSON_CreateNull();
        break;
    case EV_PLAIN_BOOL:
        *out = cJSON_CreateBool(v->u.b);
        break;
    case EV_PLAIN_INT:
        snprintf(num, sizeof num, "%lld", (long long)v->u.i);
        *out = cJSON_CreateRaw(num);
        break;
    case EV_PLAIN_BIGINT:
        *out = cJSON_CreateRaw(v->u.text.data);
        break;
    case EV_PLAIN_FLOAT:
        if (!isfinite(v->u.f))
            return fail(err, "ValueError", "Out of range float values are not JSON compliant");
        float_text(v->u.f, num, sizeof num);
        *out = cJSON_CreateRaw(num);
        break;
    case EV_PLAIN_STR:
        if (memchr(v->u.text.data, '\0', v->u.text.len))
            return fail(err, "ValueError", "tool arguments cannot hold NUL characters");
        if (!mcp_utf8_valid(v->u.text.data, v->u.text.len))
            return fail(err, "UnicodeEncodeError", "tool arguments must be valid Unicode "
                        "(no lone surrogates)");
        *out = cJSON_CreateString(v->u.text.data);
        break;
    case EV_PLAIN_LIST:
    case EV_PLAIN_TUPLE:
        if (!(*out = cJSON_CreateArray()))
            break;
        for (size_t i = 0; i < v->u.seq.len; i++) {
            cJSON *item;
            ev_host_status st = to_json(&v->u.seq.items[i], depth + 1, &item, err);
            if (st != EV_HOST_OK || !cJSON_AddItemToArray(*out, item)) {
                cJSON_Delete(item);
                cJSON_Delete(*out);
                *out = NULL;
                return st != EV_HOST_OK ? st : fail(err, "MemoryError", "out of memory");
            }
        }
        break;
    case EV_PLAIN_DICT:
        if (!(*out = cJSON_CreateObject()))
            break;
        for (size_t i = 0; i + 1 < v->u.seq.len; i += 2) {
            const ev_plain *k = &v->u.seq.items[i];
            const char *key = NULL;
            if (k->kind == EV_PLAIN_STR) {
                if (memchr(k->u.text.data, '\0', k->u.text.len) ||
                    !mcp_utf8_valid(k->u.text.data, k->u.text.len)) {
                    cJSON_Delete(*out);
                    *out = NULL;
                    return fail(err, "ValueError", "a dict key of the tool arguments holds a NUL "
                                "character or a lone surrogate");
                }
                key = k->u.text.data;
            } else if (k->kind == EV_PLAIN_INT) {
                snprintf(num, sizeof num, "%lld", (long long)k->u.i);
                key = num;
            } else if (k->kind == EV_PLAIN_BIGINT) {
                key = k->u.text.data;
            } else if (k->kind == EV_PLAIN_BOOL) {
                key = k->u.b ? "true" : "false";
            } else if (k->kind == EV_PLAIN_NONE) {
                key = "null";
            } else {
                cJSON_Delete(*out);
                *out = NULL;
                return fail(err, "TypeError", "keys must be str, int, bool or None, not %s",
                            kind_name(k->kind));
            }
            cJSON *item;
            ev_host_status st = to_json(&v->u.seq.items[i + 1], depth + 1, &item, err);
            if (st != EV_HOST_OK || !cJSON_AddItemToObject(*out, key, item)) {
                cJSON_Delete(item);
                cJSON_Delete(*out);
                *out = NULL;
                return st != EV_HOST_OK ? st : fail(err, "MemoryError", "out of memory");
            }
        }
        break;
    default:
        return fail(err, "TypeError", "Object of type %s is not JSON serializable",
                    kind_name(v->kind));
    }
    return *out ? EV_HOST_OK : fail(err, "MemoryError", "out of memory");
}

/* --- JSON -> Python ------------------------------------------------------------------- */

/* 0, or -1: *why says what was wrong (static text). */
static int from_json(const cJSON *j, int depth, ev_plain *out, const char **why)
{
    memset(out, 0, sizeof *out);
    if (depth > EV_PLAIN_MAX_DEPTH) {
        *why = "nested too deeply";
        return -1;
    }
    if (cJSON_IsNull(j)) {
        out->kind = EV_PLAIN_NONE;
    } else if (cJSON_IsBool(j)) {
        out->kind = EV_PLAIN_BOOL;
        out->u.b = cJSON_IsTrue(j);
    } else if (cJSON_IsNumber(j)) {
        double d = j->valuedouble;
        if (d == floor(d) && fabs(d) <= 9007199254740992.0) {
            out->kind = EV_PLAIN_INT;
            out->u.i = (int64_t)d;
        } else {
            out->kind = EV_PLAIN_FLOAT;
            out->u.f = d;
        }
    } else if (cJSON_IsString(j)) {
        size_t n = strlen(j->valuestring);
        if (!mcp_utf8_valid(j->valuestring, n)) {
            *why = "a string is not valid UTF-8";
            return -1;
        }
        out->kind = EV_PLAIN_STR;
        if (!(out->u.text.data = dup_text(j->valuestring, n)))
            goto nomem;
        out->u.text.len = n;
    } else if (cJSON_IsArray(j) || cJSON_IsObject(j)) {
        bool obj = cJSON_IsObject(j);
        size_t n = (size_t)cJSON_GetArraySize(j) * (obj ? 2 : 1);
        out->kind = obj ? EV_PLAIN_DICT : EV_PLAIN_LIST;
        if (n && !(out->u.seq.items = calloc(n, sizeof *out->u.seq.items)))
            goto nomem;
        const cJSON *it;
        cJSON_ArrayForEach(it, j) {
            if (obj) {
                size_t kl = strlen(it->string);
                ev_plain *k = &out->u.seq.items[out->u.seq.len];
                k->kind = EV_PLAIN_STR;
                if (!mcp_utf8_valid(it->string, kl)) {
                    *why = "a key is not valid UTF-8";
                    ev_plain_clear(out);
                    return -1;
                }
                if (!(k->u.text.data = dup_text(it->string, kl)))
                    goto nomem;
                k->u.text.len = kl;
                out->u.seq.len++;
            }
            if (from_json(it, depth + 1, &out->u.seq.items[out->u.seq.len], why) != 0) {
                ev_plain_clear(out);
                return -1;
            }
            out->u.seq.len++;
        }
    } else {
        *why = "not JSON data";
        return -1;
    }
    return 0;
nomem:
    ev_plain_clear(out);
    *why = "out of memory";
    return -1;
}

/* The text blocks of content joined with newlines, malloc'd. */
static char *joined_text(const cJSON *content)
{
    size_t n = 0;
    const cJSON *b;
    cJSON_ArrayForEach(b, content) {
        const cJSON *t = cJSON_GetObjectItemCaseSensitive(b, "text");
        if (cJSON_IsString(t))
            n += strlen(t->valuestring) + 1;
    }
    char *s = malloc(n + 1), *p = s;
    if (!s)
        return NULL;
    cJSON_ArrayForEach(b, content) {
        const cJSON *t = cJSON_GetObjectItemCaseSensitive(b, "text");
        if (!cJSON_IsString(t))
            continue;
        if (p != s)
            *p++ = '\n';
        size_t l = strlen(t->valuestring);
        memcpy(p, t->valuestring, l);
        p += l;
    }
    *p = '\0';
    return s;
}

static bool is_text_block(const cJSON *b)
{
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(b, "type");
    return cJSON_IsString(type) && strcmp(type->valuestring, "text") == 0 &&
           cJSON_IsString(cJSON_GetObjectItemCaseSensitive(b, "text"));
}

/* A CallToolResult as the value of the call. */
static ev_host_status map_result(const mcp_up_tool *t, const cJSON *r, ev_plain *result,
                                 ev_host_error *err)
{
    const char *why = NULL;
    const cJSON *content = cJSON_GetObjectItemCaseSensitive(r, "content");
    const cJSON *sc = cJSON_GetObjectItemCaseSensitive(r, "structuredContent");
    if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(r, "isError"))) {
        char *raw = joined_text(content);
        char *text = raw ? mcp_utf8_sanitize(raw, strlen(raw)) : NULL;
        free(raw);
        ev_host_status st = fail(err, "tools.ToolError", "%s",
                                 text && text[0] ? text : "the tool reported an error");
        if (text && strlen(text) >= 1000) { /* keep it whole, not cut at 1 KiB */
            free(err->message);
            err->message = text;
            text = NULL;
        }
        free(text);
        return st;
    }
    if (sc && !cJSON_IsNull(sc)) {
        if (from_json(sc, 0, result, &why) == 0)
            return EV_HOST_OK;
        goto bad;
    }
    if (content && !cJSON_IsArray(content)) {
        why = "its content is not an array";
        goto bad;
    }
    int n = cJSON_GetArraySize(content), ntext = 0;
    const cJSON *b;
    cJSON_ArrayForEach(b, content)
        ntext += is_text_block(b);
    if (n == 0) {
        result->kind = EV_PLAIN_NONE;
        return EV_HOST_OK;
    }
    if (ntext == n) {
        char *s = joined_text(content);
        if (!s)
            return fail(err, "MemoryError", "out of memory");
        if (!mcp_utf8_valid(s, strlen(s))) {
            free(s);
            why = "a text is not valid UTF-8";
            goto bad;
        }
        result->kind = EV_PLAIN_STR;
        result->u.text.data = s;
        result->u.text.len = strlen(s);
        return EV_HOST_OK;
    }
    if (n == 1) {
        if (from_json(cJSON_GetArrayItem(content, 0), 0, result, &why) == 0)
            return EV_HOST_OK;
        goto bad;
    }
    result->kind = EV_PLAIN_LIST;
    if (!(result->u.seq.items = calloc((size_t)n, sizeof *result->u.seq.items)))
        return fail(err, "MemoryError", "out of memory");
    cJSON_ArrayForEach(b, content) {
        ev_plain *item = &result->u.seq.items[result->u.seq.len];
        int rc = is_text_block(b)
                     ? from_json(cJSON_GetObjectItemCaseSensitive(b, "text"), 1, item, &why)
                     : from_json(b, 1, item, &why);
        if (rc != 0) {
            ev_plain_clear(result);
            goto bad;
        }
        result->u.seq.len++;
    }
    return EV_HOST_OK;
bad:
    return fail(err, "tools.ToolError", "%s returned a result safepy cannot use: %s", t->pyname,
                why ? why : "malformed");
}

/* --- the host function -------------------------------------------------------------- */

static ev_host_status host_call(void *ud, const ev_host_call *call, ev_plain *result,
                                ev_host_error *err)
{
    const host_ud *h = ud;
    const mcp_up_tool *t = &h->up->tools[h->index];
    if (call->nargs > 0)
        return fail(err, "TypeError", "%s() takes 0 positional arguments but %zu were given",
                    t->pyname + 6, call->nargs);
    cJSON *args = cJSON_CreateObject();
    if (!args)
        return fail(err, "MemoryError", "out of memory");
    for (size_t i = 0; i < call->nkw; i++) {
        size_t p = 0;
        while (p < t->nparams && strcmp(t->params[p].name, call->kwnames[i]) != 0)
            p++;
        if (p == t->nparams) {
            cJSON_Delete(args);
            return fail(err, "TypeError", "%s() got an unexpected keyword argument '%s'",
                        t->pyname + 6, call->kwnames[i]);
        }
        cJSON *v;
        ev_host_status st = to_json(&call->kwargs[i], 1, &v, err);
        if (st != EV_HOST_OK) {
            cJSON_Delete(args);
            return st;
        }
        if (!cJSON_AddItemToObject(args, t->json_names[p], v)) {
            cJSON_Delete(v);
            cJSON_Delete(args);
            return fail(err, "MemoryError", "out of memory");
        }
    }
    char *text = cJSON_PrintUnformatted(args);
    cJSON_Delete(args);
    if (!text)
        return fail(err, "MemoryError", "out of memory");
    char *reply = NULL;
    size_t reply_len = 0;
    int rc = mcp_worker_host_exchange(h->index, text, strlen(text), &reply, &reply_len);
    free(text);
    if (rc != 0)
        _exit(0); /* the broker is gone: nobody to answer to */
    cJSON *r = cJSON_ParseWithLength(reply, reply_len);
    free(reply);
    ev_host_status st;
    const cJSON *x;
    if (!cJSON_IsObject(r)) {
        st = fail(err, "tools.ToolError", "%s: the server's answer is not valid JSON (or nested "
                  "too deeply)", t->pyname + 6);
    } else if ((x = cJSON_GetObjectItemCaseSensitive(r, "result"))) {
        st = cJSON_IsObject(x) ? map_result(t, x, result, err)
                               : fail(err, "tools.ToolError", "%s: malformed result",
                                      t->pyname + 6);
    } else if (cJSON_IsString(x = cJSON_GetObjectItemCaseSensitive(r, "error"))) {
        st = fail(err, "tools.ToolError", "%s", x->valuestring);
    } else if (cJSON_GetObjectItemCaseSensitive(r, "limit")) {
        st = EV_HOST_LIMIT;
    } else {
        st = fail(err, "RuntimeError", "the call to %s was cancelled", t->pyname + 6);
    }
    cJSON_Delete(r);
    return st;
}

int mcp_codemode_register(ev_session *s, const mcp_upstreams *u)
{
    if (u->ntools == 0)
        return 0;
    if (ev_session_add_host_exception(s, "tools.ToolError",
                                      "A tool of an upstream MCP server failed: it returned an "
                                      "error, timed out, stopped, or a limit of the operator "
                                      "refused the call.") != 0)
        return -1;
    /* Lives as long as the worker process: the session keeps the pointers. */
    host_ud *uds = calloc(u->ntools, sizeof *uds);
    if (!uds)
        return -1;
    for (size_t i = 0; i < u->ntools; i++) {
        const mcp_up_tool *t = &u->tools[i];
        uds[i] = (host_ud){.up = u, .index = (uint32_t)i};
        ev_host_def def = {.name = t->pyname, .doc = t->doc, .params = t->params,
                           .nparams = t->nparams, .fn = host_call, .ud = &uds[i]};
        if (ev_session_add_host(s, &def) != 0)
            return -1;
    }
    return 0;
}
