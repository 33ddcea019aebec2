/* Internal to the str type: methods defined outside str.c. */
#ifndef EV_STR_INT_H
#define EV_STR_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "evaluator/ev.h"

ev_value ev_str_m_expandtabs(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ev_str_m_isidentifier(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ev_str_m_translate(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ev_str_t_maketrans(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ev_str_m_isprintable(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
/* str_case.c */
ev_value ev_str_m_upper(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ev_str_m_lower(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ev_str_m_title(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ev_str_m_swapcase(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ev_str_m_capitalize(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ev_str_m_istitle(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ev_str_m_casefold(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ev_str_m_isdigit(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ev_str_m_isalpha(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ev_str_m_isalnum(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ev_str_m_isspace(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ev_str_m_isupper(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ev_str_m_islower(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ev_str_m_isdecimal(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ev_str_m_isnumeric(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
ev_value ev_str_m_isascii(ev_interp *I, ev_value self, int argc, const ev_value *argv, const ev_kw *kw);
/* A ssize_t argument of a str method, with CPython's errors (no __index__ yet) */
int ev_str_ssize_arg(ev_interp *I, ev_value v, int64_t *out) EV_WU;
/* the code point at s[*pos] (valid UTF-8), *pos moved past it */
int32_t ev_str_decode_at(const char *s, size_t len, size_t *pos);
/* repr() and isprintable() keep the code point as is (Unicode 14: newer characters are not) */
bool ev_str_cp_printable(int32_t cp);

#endif
