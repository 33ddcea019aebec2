/*
 * enum_int.h - what the enum module's files share (enum.c: EnumType, Enum
 * and the class machinery; enum_flag.c: Flag, IntFlag and the boundaries).
 * Internal to evaluator/modules/.
 */
#ifndef SAFEPY_ENUM_INT_H
#define SAFEPY_ENUM_INT_H

#include "evaluator/modules/modules.h"

/* enum.c helpers the Flag code uses */
ev_value ev_enum_getattr(ev_interp *I, ev_value obj, const char *name) EV_WU; /* obj.name, new ref */
int ev_enum_setattr(ev_interp *I, ev_value obj, const char *name, ev_value v) EV_WU;
/* the class's state attribute (cls._member_map_...), borrowed, NULL when absent */
ev_value *ev_enum_state(ev_interp *I, ev_type *t, const char *name);
/* cls(value), the lookup by value (Enum.__new__) */
ev_value ev_enum_lookup(ev_interp *I, ev_value cls, ev_value value) EV_WU;
/* the class is a Flag (its MRO holds enum.Flag) */
bool ev_enum_is_flag(ev_interp *I, ev_type *t);
/* cls._boundary_ is the FlagBoundary member of that value ("strict"...) */
bool ev_enum_boundary_is(ev_interp *I, ev_type *t, const char *which);

/* enum_flag.c */
extern const ev_builtin_def ev_enum_flag_methods[]; /* Flag's methods, NULL-terminated */
/* Flag._missing_ (a classmethod: the class is argv[0]) and
 * Flag._generate_next_value_ (a plain function of four arguments) */
extern const ev_builtin_def ev_enum_flag_missing_def, ev_enum_flag_next_def;
/* after the members of a Flag class are made: _flag_mask_, _all_bits_,
 * _singles_mask_ and the boundary check (EnumType.__new__'s Flag part) */
int ev_enum_flag_finish(ev_interp *I, ev_value cls) EV_WU;
/* value is a single bit (a positive power of two): 1, 0, -1 error */
int ev_enum_single_bit(ev_interp *I, ev_value value) EV_WU;

/* enum_verify.c: verify's __init__(self, *checks) and __call__(self, enumeration) */
extern const ev_builtin_def ev_enum_verify_init_def, ev_enum_verify_call_def;

#endif
