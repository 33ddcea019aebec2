/*
 * ucd.c - reader of the generated Unicode tables (see ucd.h, gen_ucd.c).
 *
 * Names live in a phrasebook: a lexicon of words ordered by frequency and,
 * for every entry (names in code point order, then aliases, then named
 * sequences), a byte string of word numbers.  Byte 0 ends a name, 1 is a
 * '-', 2 an explicit ' ' (a space between two words is implicit), bytes
 * below TWO0 are one-byte word numbers and the others start two-byte ones.
 * Every STEP-th entry's offset is stored; the entries in between are found
 * by skipping names.  Lookup by name is a binary search over the entries
 * sorted by name, decoding the probed names.
 */
#include <string.h>

#include "evaluator/ucd.h"

enum { T_END = 0, T_HYPHEN = 1, T_SPACE = 2, T_WORD0 = 3, ONE_N = 189, TWO0 = T_WORD0 + ONE_N };
#define STEP 16

/* build/gen/ucd_names.c */
extern const size_t ucd_nnames, ucd_naliases, ucd_nseqs, ucd_nwords, ucd_nruns, ucd_ncjk,
    ucd_nnew, ucd_neaw, ucd_nnumeric;
extern const char ucd_lexicon[];
extern const uint32_t ucd_lexicon_off[], ucd_phrase_off[], ucd_runs[], ucd_alias_cp[],
    ucd_new[], ucd_eaw[];
extern const uint8_t ucd_phrase[], ucd_seq_len[];
extern const uint16_t ucd_sorted[];
extern const uint32_t ucd_seq_cp[][4], ucd_cjk[][2];
extern const struct ucd_numeric {
    uint32_t cp;
    int8_t dec, dig;
    long long num, den;
} ucd_numeric[];

/* ---- the phrasebook ------------------------------------------------------------------ */

static const uint8_t *entry_phrase(size_t e)
{
    const uint8_t *t = ucd_phrase + ucd_phrase_off[e / STEP];
    for (size_t k = e % STEP; k > 0; k--) {
        uint8_t b;
        while ((b = *t++) != T_END)
            if (b >= TWO0)
                t++;
    }
    return t;
}

/* Decodes entry e into buf; its length, or 0 if cap is too small. */
static size_t entry_name(size_t e, char *buf, size_t cap)
{
    const uint8_t *t = entry_phrase(e);
    size_t n = 0;
    bool prev_word = false;
    for (;;) {
        uint8_t b = *t++;
        if (b == T_END)
            break;
        if (b == T_HYPHEN || b == T_SPACE) {
            if (n + 1 >= cap)
                return 0;
            buf[n++] = b == T_HYPHEN ? '-' : ' ';
            prev_word = false;
            continue;
        }
        size_t id = b < TWO0 ? (size_t)(b - T_WORD0) : ONE_N + (size_t)(b - TWO0) * 256 + *t++;
        size_t off = ucd_lexicon_off[id], len = ucd_lexicon_off[id + 1] - off;
        if (n + len + (prev_word ? 1 : 0) >= cap)
            return 0;
        if (prev_word)
            buf[n++] = ' ';
        memcpy(buf + n, ucd_lexicon + off, len);
        n += len;
        prev_word = true;
    }
    buf[n] = 0;
    return n;
}

/* The entry named `up` (upper case), or -1. */
static long find_entry(const char *up, size_t len)
{
    size_t lo = 0, hi = ucd_nnames + ucd_naliases + ucd_nseqs;
    char buf[EV_UCD_NAME_MAX + 1];
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        size_t n = entry_name(ucd_sorted[mid], buf, sizeof buf);
        int c = memcmp(buf, up, n < len ? n : len);
        if (c == 0)
            c = n < len ? -1 : n > len;
        if (c == 0)
            return ucd_sorted[mid];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return -1;
}

/* ---- algorithmic names ------------------------------------------------------------------- */

enum { SBASE = 0xAC00, LCOUNT = 19, VCOUNT = 21, TCOUNT = 28, NCOUNT = VCOUNT * TCOUNT,
       SCOUNT = LCOUNT * NCOUNT };

static const char *const jamo_l[LCOUNT] = {
    "G", "GG", "N", "D", "DD", "R", "M", "B", "BB", "S", "SS", "", "J", "JJ", "C", "K", "T", "P", "H"};
static const char *const jamo_v[VCOUNT] = {
    "A", "AE", "YA", "YAE", "EO", "E", "YEO", "YE", "O", "WA", "WAE", "OE", "YO", "U", "WEO", "WE",
    "WI", "YU", "EU", "YI", "I"};
static const char *const jamo_t[TCOUNT] = {
    "", "G", "GG", "GS", "N", "NJ", "NH", "D", "L", "LG", "LM", "LB", "LS", "LT", "LP", "LH", "M",
    "B", "BS", "S", "SS", "NG", "J", "C", "K", "T", "P", "H"};

static const char hangul_prefix[] = "HANGUL SYLLABLE ";
static const char cjk_prefix[] = "CJK UNIFIED IDEOGRAPH-";

static bool is_cjk(uint32_t cp)
{
    for (size_t i = 0; i < ucd_ncjk; i++)
        if (cp >= ucd_cjk[i][0] && cp <= ucd_cjk[i][1])
            return true;
    return false;
}

/* CPython's find_syllable: the longest jamo name at s (0 if none). */
static size_t find_jamo(const char *s, size_t len, const char *const *list, int count, int *pos)
{
    size_t best = 0;
    *pos = -1;
    for (int i = 0; i < count; i++) {
        size_t l = strlen(list[i]);
        if ((*pos >= 0 && l <= best) || l > len)
            continue;
        if (memcmp(s, list[i], l) == 0) {
            best = l;
            *pos = i;
        }
    }
    return best;
}

/* 1 found, 0 not found, -1 not an algorithmic name. */
static int lookup_algorithmic(const char *name, size_t len, uint32_t *cp)
{
    size_t hp = sizeof hangul_prefix - 1, cpx = sizeof cjk_prefix - 1;
    if (len >= hp && memcmp(name, hangul_prefix, hp) == 0) {
        int l, v, t;
        size_t pos = hp;
        pos += find_jamo(name + pos, len - pos, jamo_l, LCOUNT, &l);
        pos += find_jamo(name + pos, len - pos, jamo_v, VCOUNT, &v);
        pos += find_jamo(name + pos, len - pos, jamo_t, TCOUNT, &t);
        if (l < 0 || v < 0 || t < 0 || pos != len)
            return 0;
        *cp = (uint32_t)(SBASE + (l * VCOUNT + v) * TCOUNT + t);
        return 1;
    }
    if (len >= cpx && memcmp(name, cjk_prefix, cpx) == 0) {
        if (len != cpx + 4 && len != cpx + 5)
            return 0;
        uint32_t v = 0;
        for (size_t i = cpx; i < len; i++) {
            char c = name[i];
            if (c >= '0' && c <= '9')
                v = v * 16 + (uint32_t)(c - '0');
            else if (c >= 'A' && c <= 'F')
                v = v * 16 + (uint32_t)(c - 'A' + 10);
            else
                return 0;
        }
        if (!is_cjk(v))
            return 0;
        *cp = v;
        return 1;
    }
    return -1;
}

/* ---- the API ------------------------------------------------------------------------ */

static bool upper(const char *name, size_t len, char *up)
{
    if (len > EV_UCD_NAME_MAX)
        return false;
    for (size_t i = 0; i < len; i++) {
        char c = name[i];
        up[i] = c >= 'a' && c <= 'z' ? (char)(c - 'a' + 'A') : c;
    }
    return true;
}

int ev_ucd_lookup(const char *name, size_t len, uint32_t *cp)
{
    char up[EV_UCD_NAME_MAX];
    int r = lookup_algorithmic(name, len, cp);
    if (r >= 0)
        return r;
    if (!upper(name, len, up))
        return 0;
    long e = find_entry(up, len);
    if (e < 0 || (size_t)e >= ucd_nnames + ucd_naliases)
        return 0;
    if ((size_t)e >= ucd_nnames) {
        *cp = ucd_alias_cp[(size_t)e - ucd_nnames];
        return 1;
    }
    /* the run holding entry e */
    size_t lo = 0, hi = ucd_nruns;
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (ucd_runs[2 * mid + 1] <= (uint32_t)e)
            lo = mid;
        else
            hi = mid;
    }
    *cp = ucd_runs[2 * lo] + ((uint32_t)e - ucd_runs[2 * lo + 1]);
    return 1;
}

size_t ev_ucd_lookup_seq(const char *name, size_t len, uint32_t out[4])
{
    char up[EV_UCD_NAME_MAX];
    if (!upper(name, len, up))
        return 0;
    long e = find_entry(up, len);
    size_t first = ucd_nnames + ucd_naliases;
    if (e < 0 || (size_t)e < first)
        return 0;
    size_t k = (size_t)e - first, n = ucd_seq_len[k];
    memcpy(out, ucd_seq_cp[k], sizeof ucd_seq_cp[k]);
    return n;
}

static size_t put(char *buf, size_t cap, size_t n, const char *s)
{
    size_t l = strlen(s);
    if (n + l >= cap)
        return (size_t)-1;
    memcpy(buf + n, s, l + 1);
    return n + l;
}

size_t ev_ucd_name(uint32_t cp, char *buf, size_t cap)
{
    if (cap == 0)
        return 0;
    buf[0] = 0;
    if (cp >= SBASE && cp < SBASE + SCOUNT) {
        uint32_t s = cp - SBASE;
        size_t n = put(buf, cap, 0, hangul_prefix);
        if (n != (size_t)-1)
            n = put(buf, cap, n, jamo_l[s / NCOUNT]);
        if (n != (size_t)-1)
            n = put(buf, cap, n, jamo_v[(s % NCOUNT) / TCOUNT]);
        if (n != (size_t)-1)
            n = put(buf, cap, n, jamo_t[s % TCOUNT]);
        return n == (size_t)-1 ? 0 : n;
    }
    if (is_cjk(cp)) {
        static const char hex[] = "0123456789ABCDEF";
        char num[8];
        int nd = cp > 0xFFFF ? 5 : 4;
        for (int i = nd - 1; i >= 0; i--, cp >>= 4)
            num[i] = hex[cp & 15];
        num[nd] = 0;
        size_t n = put(buf, cap, 0, cjk_prefix);
        if (n != (size_t)-1)
            n = put(buf, cap, n, num);
        return n == (size_t)-1 ? 0 : n;
    }
    /* the last run starting at or before cp */
    size_t lo = 0, hi = ucd_nruns;
    if (ucd_nruns == 0 || cp < ucd_runs[0])
        return 0;
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (ucd_runs[2 * mid] <= cp)
            lo = mid;
        else
            hi = mid;
    }
    size_t end = lo + 1 < ucd_nruns ? ucd_runs[2 * lo + 3] : ucd_nnames;
    size_t e = ucd_runs[2 * lo + 1] + (cp - ucd_runs[2 * lo]);
    if (e >= end)
        return 0;
    return entry_name(e, buf, cap);
}

bool ev_ucd_is_new(uint32_t cp)
{
    size_t lo = 0, hi = ucd_nnew;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (cp < ucd_new[2 * mid])
            hi = mid;
        else if (cp > ucd_new[2 * mid + 1])
            lo = mid + 1;
        else
            return true;
    }
    return false;
}

const char *ev_ucd_east_asian_width(uint32_t cp)
{
    static const char *const names[] = {"F", "H", "W", "Na", "A", "N", "F", "F"};
    size_t lo = 0, hi = ucd_neaw;
    if (cp > 0x10FFFF || ucd_neaw == 0)
        return "F";
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (ucd_eaw[mid] >> 3 <= cp)
            lo = mid;
        else
            hi = mid;
    }
    return names[ucd_eaw[lo] & 7];
}

int ev_ucd_numeric(uint32_t cp, int *dec, int *dig, double *num)
{
    size_t lo = 0, hi = ucd_nnumeric;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (ucd_numeric[mid].cp < cp) {
            lo = mid + 1;
        } else if (ucd_numeric[mid].cp > cp) {
            hi = mid;
        } else {
            *dec = ucd_numeric[mid].dec;
            *dig = ucd_numeric[mid].dig;
            *num = (double)ucd_numeric[mid].num / (double)ucd_numeric[mid].den;
            return 1;
        }
    }
    return 0;
}
