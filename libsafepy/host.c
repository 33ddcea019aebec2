/*
 * host.c - plain data and host functions: the embedder's side of the only
 * door out of a sandbox.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libsafepy/sp_int.h"

/* --- plain data ------------------------------------------------------------------ */

void sp_value_clear(sp_value *v)
{
    if (v)
        ev_plain_clear(sp_to_ev(v));
}

void sp_value_set_none(sp_value *v)
{
    sp_value_clear(v);
}

void sp_value_set_bool(sp_value *v, bool b)
{
    sp_value_clear(v);
    v->kind = SP_BOOL;
    v->u.b = b;
}

void sp_value_set_int(sp_value *v, int64_t i)
{
    sp_value_clear(v);
    v->kind = SP_INT;
    v->u.i = i;
}

void sp_value_set_float(sp_value *v, double f)
{
    sp_value_clear(v);
    v->kind = SP_FLOAT;
    v->u.f = f;
}

int sp_value_set_text(sp_value *v, sp_kind kind, const char *data, size_t len)
{
    sp_value_clear(v);
    if ((kind != SP_STR && kind != SP_BYTES && kind != SP_BIGINT) || (!data && len))
        return SP_EINVAL;
    char *d = malloc(len + 1);
    if (!d)
        return SP_ENOMEM;
    if (len)
        memcpy(d, data, len);
    d[len] = '\0';
    v->kind = kind;
    v->u.text.data = d;
    v->u.text.len = len;
    return SP_OK;
}

int sp_value_set_seq(sp_value *v, sp_kind kind, size_t len)
{
    sp_value_clear(v);
    if (kind < SP_LIST || kind > SP_FROZENSET || (kind == SP_DICT && len % 2) ||
        len > SIZE_MAX / sizeof(sp_value))
        return SP_EINVAL;
    sp_value *items = calloc(len ? len : 1, sizeof *items);
    if (!items)
        return SP_ENOMEM;
    v->kind = kind;
    v->u.seq.items = items;
    v->u.seq.len = len;
    return SP_OK;
}

sp_value *sp_value_item(sp_value *v, size_t i)
{
    if (!v || v->kind < SP_LIST || v->kind > SP_FROZENSET || i >= v->u.seq.len)
        return NULL;
    return &v->u.seq.items[i];
}

int sp_host_error_set(sp_host_error *err, const char *type, const char *message)
{
    snprintf(err->type, sizeof err->type, "%s", type ? type : "RuntimeError");
    free(err->message);
    err->message = NULL;
    if (message && !(err->message = strdup(message)))
        return SP_ENOMEM;
    return SP_OK;
}

/* --- host functions ---------------------------------------------------------------- */

/* The evaluator's callback: the embedder's, with the library's types. */
static ev_host_status trampoline(void *ud, const ev_host_call *call, ev_plain *result,
                                 ev_host_error *err)
{
    const sp_hostrec *h = ud;
    sp_call c = {.name = call->name, .args = (const sp_value *)(const void *)call->args,
                 .nargs = call->nargs, .kwnames = call->kwnames,
                 .kwargs = (const sp_value *)(const void *)call->kwargs, .nkw = call->nkw,
                 .time_left_s = call->time_left_s};
    sp_host_status st = h->fn(h->ud, &c, sp_from_ev(result), (sp_host_error *)(void *)err);
    switch (st) {
    case SP_HOST_OK: return EV_HOST_OK;
    case SP_HOST_LIMIT: return EV_HOST_LIMIT;
    case SP_HOST_ERROR: return EV_HOST_ERROR;
    default:
        /* not a status: say so in the program rather than guess */
        ev_plain_clear(result);
        snprintf(err->type, sizeof err->type, "RuntimeError");
        free(err->message);
        err->message = strdup("host function returned an unknown status");
        return EV_HOST_ERROR;
    }
}

/* A dotted name makes a module of the embedder's (shop in "shop.price"):
 * the rules must let programs import it, as --upstream does for tools. */
static int host_module_allow(sp_sandbox *sb, const char *name, size_t len)
{
    char top[256];
    if (len >= sizeof top) {
        sp_seterr(sb, "add_function '%s': the module name is too long", name);
        return -1;
    }
    memcpy(top, name, len);
    top[len] = '\0';
    char *err = NULL;
    if (an_rules_allow_host_module(sb->rules, top, &err) != AN_OK) {
        sp_seterr(sb, "add_function '%s': %s", name, err ? err : "out of memory");
        free(err);
        return -1;
    }
    return 0;
}

int sp_sandbox_add_function(sp_sandbox *sb, const sp_function *fn)
{
    sb->err[0] = '\0';
    if (!fn || !fn->name || !fn->fn || (fn->varargs && fn->params) || (fn->nparams && !fn->params)) {
        sp_seterr(sb, "add_function: a name and a callback are needed, and either params or varargs");
        return SP_EINVAL;
    }
    sp_hostrec *h = malloc(sizeof *h);
    if (!h) {
        sp_seterr(sb, "out of memory");
        return SP_ENOMEM;
    }
    *h = (sp_hostrec){.next = sb->hosts, .fn = fn->fn, .ud = fn->ud};
    ev_host_param *params = NULL;
    if (fn->nparams) {
        if (!(params = calloc(fn->nparams, sizeof *params))) {
            free(h);
            sp_seterr(sb, "out of memory");
            return SP_ENOMEM;
        }
        for (size_t i = 0; i < fn->nparams; i++)
            params[i] = (ev_host_param){.name = fn->params[i].name, .required = fn->params[i].required,
                                        .keyword_only = fn->params[i].keyword_only};
    }
    ev_host_def def = {.name = fn->name, .doc = fn->doc, .params = params, .nparams = fn->nparams,
                       .varargs = fn->varargs, .fn = trampoline, .ud = h};
    int rc = ev_session_add_host(sb->sess, &def);
    free(params); /* the evaluator copied them */
    const char *dot = rc == 0 ? strchr(fn->name, '.') : NULL;
    if (dot && host_module_allow(sb, fn->name, (size_t)(dot - fn->name)) != 0) {
        free(h);
        return SP_ENOMEM; /* the function stays registered but unimportable: the sandbox is unusable */
    }
    if (rc != 0) {
        free(h);
        sp_seterr(sb, "add_function '%s': a bad or duplicate name, or out of memory", fn->name);
        return SP_EINVAL;
    }
    sb->hosts = h;
    return SP_OK;
}

int sp_sandbox_add_exception(sp_sandbox *sb, const char *dotted_name, const char *doc)
{
    sb->err[0] = '\0';
    if (!dotted_name) {
        sp_seterr(sb, "add_exception: no name");
        return SP_EINVAL;
    }
    sp_excrec *e = calloc(1, sizeof *e);
    if (!e || !(e->name = strdup(dotted_name)) || (doc && !(e->doc = strdup(doc)))) {
        if (e)
            free(e->name);
        free(e);
        sp_seterr(sb, "out of memory");
        return SP_ENOMEM;
    }
    if (ev_session_add_host_exception(sb->sess, dotted_name, doc) != 0) {
        free(e->name);
        free(e->doc);
        free(e);
        sp_seterr(sb, "add_exception '%s': a bad or duplicate name, or out of memory", dotted_name);
        return SP_EINVAL;
    }
    /* in declaration order, as a restore declares them again */
    if (host_module_allow(sb, dotted_name, (size_t)(strchr(dotted_name, '.') - dotted_name)) != 0) {
        free(e->name);
        free(e->doc);
        free(e);
        return SP_ENOMEM;
    }
    sp_excrec **tail = &sb->excs;
    while (*tail)
        tail = &(*tail)->next;
    *tail = e;
    return SP_OK;
}
