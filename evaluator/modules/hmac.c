/*
 * hmac.c - the hmac module, CPython 3.11 behaviour (Lib/hmac.py over
 * _hashlib's HMAC): HMAC objects (update, copy, digest, hexdigest, name,
 * digest_size, block_size), new(), digest() and compare_digest(), with the
 * hashes of hashlib.c (RFC 2104 over hash_int.h).  digestmod may be a name
 * or one of hashlib's constructors; any other callable or module would run
 * hmac.py's pure-Python path over arbitrary objects, which safepy does not
 * have: NotImplementedError.
 */
#include <string.h>

#include "evaluator/modules/hash_int.h"

void ev_hmac_finish(const ev_hash_algo *a, const void *inner, const void *outer, unsigned char *out);
int ev_hmac_keyed(ev_interp *I, const ev_hash_algo *a, const unsigned char *key, size_t keylen, void *inner,
                  void *outer) EV_WU;

extern ev_type ev_type_HMAC;

/* an HMAC's C slots: its algorithm's name (a str), the inner and outer
 * states (bytearrays) */
enum { M_NAME, M_INNER, M_OUTER, M_NSLOTS };

static ev_value *mslots(ev_value v) { return ev_as_cinstance(v)->slots; }

static const ev_hash_algo *hmac_algo(ev_value self)
{
    ev_str *s = (ev_str *)mslots(self)[M_NAME].u.o;
    return ev_hash_find(s->data, s->len);
}

static int hmac_check(ev_interp *I, ev_value self)
{
    if (ev_is(self, EV_O_INSTANCE) && ev_type_is_subclass(((ev_instance *)self.u.o)->type, &ev_type_HMAC) &&
        ev_as_cinstance(self)->nslots == M_NSLOTS && ev_is(mslots(self)[M_NAME], EV_O_STR))
        return 0;
    ev_raise(I, &ev_type_TypeError, "descriptor requires a 'hmac.HMAC' object but received a '%s'",
             ev_type_name(self));
    return -1;
}

/* the algorithm of a digestmod, with hmac's messages */
static int hmac_digestmod(ev_interp *I, ev_value dm, const ev_hash_algo **a)
{
    if (EV_IS_ERR(dm) || dm.tag == EV_T_NONE || (ev_is(dm, EV_O_STR) && ((ev_str *)dm.u.o)->len == 0)) {
        ev_raise(I, &ev_type_TypeError, "Missing required parameter 'digestmod'.");
        return -1;
    }
    int r = ev_hash_digestmod(I, dm, a);
    if (r < 0)
        return -1;
    if (r > 0) {
        ev_raise(I, &ev_type_NotImplementedError,
                 "hmac with a digestmod other than a hash name or a hashlib constructor is not supported by "
                 "safepy");
        return -1;
    }
    if ((*a)->xof) {
        /* OpenSSL refuses an HMAC over an extendable-output function */
        ev_raise(I, &ev_type_ValueError, "no reason supplied");
        return -1;
    }
    return 0;
}

static int hmac_key(ev_interp *I, ev_value key, const unsigned char **p, size_t *n)
{
    if (!ev_is_byteslike(key)) {
        ev_raise(I, &ev_type_TypeError, "key: expected bytes or bytearray, but got '%s'", ev_type_name(key));
        return -1;
    }
    return ev_bytes_view(I, key, p, n);
}

static int hmac_update_with(ev_interp *I, ev_value self, ev_value msg)
{
    const unsigned char *p;
    size_t n;
    if (ev_hash_data(I, msg, &p, &n))
        return -1;
    return ev_hash_feed(I, hmac_algo(self), ev_as_bytes(mslots(self)[M_INNER])->data, p, n);
}

static ev_value hmac_make(ev_interp *I, ev_type *t, const ev_hash_algo *a)
{
    ev_value o = ev_cinstance_new(I, t, M_NSLOTS);
    if (EV_IS_ERR(o))
        return o;
    ev_value nm = ev_str_from_cstr(I, a->name);
    ev_value in = EV_IS_ERR(nm) ? nm : ev_bytes_new(I, EV_O_BYTEARRAY, NULL, a->state_size);
    ev_value out = EV_IS_ERR(in) ? in : ev_bytes_new(I, EV_O_BYTEARRAY, NULL, a->state_size);
    if (EV_IS_ERR(out)) {
        if (!EV_IS_ERR(nm))
            ev_decref(I, nm);
        if (!EV_IS_ERR(in))
            ev_decref(I, in);
        ev_decref(I, o);
        return EV_ERR;
    }
    mslots(o)[M_NAME] = nm;
    mslots(o)[M_INNER] = in;
    mslots(o)[M_OUTER] = out;
    return o;
}

/* HMAC(key, msg=None, digestmod='') */
static ev_value hmac_build(ev_interp *I, ev_type *t, ev_value key, ev_value msg, ev_value dm)
{
    const unsigned char *kp;
    size_t kn;
    const ev_hash_algo *a;
    if (hmac_key(I, key, &kp, &kn) || hmac_digestmod(I, dm, &a))
        return EV_ERR;
    ev_value o = hmac_make(I, t, a);
    if (EV_IS_ERR(o))
        return o;
    if (hmac_key(I, key, &kp, &kn) ||
        ev_hmac_keyed(I, a, kp, kn, ev_as_bytes(mslots(o)[M_INNER])->data, ev_as_bytes(mslots(o)[M_OUTER])->data) ||
        (!EV_IS_ERR(msg) && msg.tag != EV_T_NONE && hmac_update_with(I, o, msg))) {
        ev_decref(I, o);
        return EV_ERR;
    }
    return o;
}

static ev_value hmac_cnew(ev_interp *I, ev_type *t) { return hmac_make(I, t, &ev_hash_md5); }

static ev_value hm_new_type(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return hmac_build(I, (ev_type *)self.u.o, argv[0], argv[1], argv[2]);
}

static ev_value hm_init(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (hmac_check(I, self))
        return EV_ERR;
    ev_value o = hmac_build(I, &ev_type_HMAC, argv[0], argv[1], argv[2]);
    if (EV_IS_ERR(o))
        return o;
    for (int i = 0; i < M_NSLOTS; i++) {
        ev_decref(I, mslots(self)[i]);
        mslots(self)[i] = mslots(o)[i];
        mslots(o)[i] = EV_NONE;
    }
    ev_decref(I, o);
    return EV_NONE;
}

static ev_value hm_update(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return hmac_check(I, self) || hmac_update_with(I, self, argv[0]) ? EV_ERR : EV_NONE;
}

static ev_value hm_copy(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (hmac_check(I, self))
        return EV_ERR;
    const ev_hash_algo *a = hmac_algo(self);
    ev_value o = hmac_make(I, ((ev_instance *)self.u.o)->type, a);
    if (EV_IS_ERR(o))
        return o;
    memcpy(ev_as_bytes(mslots(o)[M_INNER])->data, ev_as_bytes(mslots(self)[M_INNER])->data, a->state_size);
    memcpy(ev_as_bytes(mslots(o)[M_OUTER])->data, ev_as_bytes(mslots(self)[M_OUTER])->data, a->state_size);
    return o;
}

static ev_value hm_digest(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (hmac_check(I, self))
        return EV_ERR;
    const ev_hash_algo *a = hmac_algo(self);
    unsigned char out[64];
    ev_hmac_finish(a, ev_as_bytes(mslots(self)[M_INNER])->data, ev_as_bytes(mslots(self)[M_OUTER])->data, out);
    return ev_bytes_new(I, EV_O_BYTES, out, (size_t)a->digest_size);
}

static ev_value hm_hexdigest(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (hmac_check(I, self))
        return EV_ERR;
    const ev_hash_algo *a = hmac_algo(self);
    unsigned char out[64];
    ev_hmac_finish(a, ev_as_bytes(mslots(self)[M_INNER])->data, ev_as_bytes(mslots(self)[M_OUTER])->data, out);
    return ev_hash_hex(I, out, (size_t)a->digest_size);
}

static ev_value hm_name(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    if (hmac_check(I, self))
        return EV_ERR;
    char buf[32];
    snprintf(buf, sizeof buf, "hmac-%s", hmac_algo(self)->name);
    return ev_str_from_cstr(I, buf);
}

static ev_value hm_digest_size(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return hmac_check(I, self) ? EV_ERR : ev_int(hmac_algo(self)->digest_size);
}

static ev_value hm_block_size(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return hmac_check(I, self) ? EV_ERR : ev_int(hmac_algo(self)->block_size);
}

#define HMAC_PARAMS "key, msg, digestmod"

static const ev_builtin_def hmac_methods[] = {
    {"__init__", hm_init, 1, 3, 0, HMAC_PARAMS},
    {"update", hm_update, 1, 1, 0, "msg"},
    {"copy", hm_copy, 0, 0, 0},
    {"digest", hm_digest, 0, 0, 0},
    {"hexdigest", hm_hexdigest, 0, 0, 0},
    {"name", hm_name, 0, 0, EV_BF_PROP},
    {"digest_size", hm_digest_size, 0, 0, EV_BF_PROP},
    {"block_size", hm_block_size, 0, 0, EV_BF_PROP},
    {NULL, NULL, 0, 0, 0},
};

ev_type ev_type_HMAC = {STATIC_TYPE, .name = "HMAC", .call = hm_new_type, .methods = hmac_methods,
                        .min_args = 1, .max_args = 3, .params = HMAC_PARAMS, .module = "hmac",
                        .tflags = EV_TYPE_CSLOTS, .cnew = hmac_cnew};

static ev_value hmac_new_fn(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    return hmac_build(I, &ev_type_HMAC, argv[0], argv[1], argv[2]);
}

/* digest(key, msg, digest): the one-shot HMAC */
static ev_value hmac_digest_fn(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value o = hmac_build(I, &ev_type_HMAC, argv[0], argv[1], argv[2]);
    if (EV_IS_ERR(o))
        return o;
    ev_value r = hm_digest(I, o, 0, NULL, NULL);
    ev_decref(I, o);
    return r;
}

/* compare_digest(a, b): two ASCII strs or two bytes-like objects; the time
 * it takes does not depend on where they differ */
static ev_value hmac_compare_digest(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw)
{
    ev_value a = argv[0], b = argv[1];
    const unsigned char *pa, *pb;
    size_t na, nb;
    if (ev_is(a, EV_O_STR) && ev_is(b, EV_O_STR)) {
        ev_str *sa = (ev_str *)a.u.o, *sb = (ev_str *)b.u.o;
        if (!sa->ascii || !sb->ascii)
            return ev_raise(I, &ev_type_TypeError, "comparing strings with non-ASCII characters is not supported");
        pa = (const unsigned char *)sa->data, na = sa->len;
        pb = (const unsigned char *)sb->data, nb = sb->len;
    } else if (!ev_is_byteslike(a) && !ev_is_byteslike(b)) {
        return ev_raise(I, &ev_type_TypeError,
                        "unsupported operand types(s) or combination of types: '%s' and '%s'", ev_type_name(a),
                        ev_type_name(b));
    } else if (ev_bytes_view(I, a, &pa, &na) || ev_bytes_view(I, b, &pb, &nb)) {
        return EV_ERR;
    }
    /* CPython's _tscmp: always walk b */
    unsigned result = na != nb;
    const unsigned char *left = na == nb ? pa : pb;
    for (size_t i = 0; i < nb; i++)
        result |= left[i] ^ pb[i];
    return ev_bool(result == 0);
}

static const ev_builtin_def hmac_functions[] = {
    {"new", hmac_new_fn, 1, 3, 0, HMAC_PARAMS},
    {"digest", hmac_digest_fn, 3, 3, 0, "key, msg, digest"},
    {"compare_digest", hmac_compare_digest, 2, 2, EV_BF_POSN},
    {NULL, NULL, 0, 0, 0},
};

static int set_trans(ev_interp *I, ev_dict *ns, const char *name, unsigned char x)
{
    unsigned char t[256];
    for (int i = 0; i < 256; i++)
        t[i] = (unsigned char)(i ^ x);
    ev_value b = ev_bytes_new(I, EV_O_BYTES, t, 256);
    if (EV_IS_ERR(b))
        return -1;
    int r = ev_module_set(I, ns, name, b);
    ev_decref(I, b);
    return r;
}

static int init(ev_interp *I, ev_dict *ns)
{
    return ev_module_set(I, ns, "HMAC", ev_obj_val(&ev_type_HMAC.h)) || set_trans(I, ns, "trans_5C", 0x5c) ||
                   set_trans(I, ns, "trans_36", 0x36) || ev_module_set(I, ns, "digest_size", EV_NONE)
               ? -1
               : 0;
}

const ev_module_def ev_module_hmac = {"hmac", hmac_functions, init, NULL};
