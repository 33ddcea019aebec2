/*
 * array_int.h - what other modules need of array.array (array.c): its type
 * and the bytearray its items live in, which struct.pack_into and unpack
 * use as CPython's buffer protocol lets them.  Internal to
 * evaluator/modules/.
 */
#ifndef SAFEPY_ARRAY_INT_H
#define SAFEPY_ARRAY_INT_H

#include "evaluator/modules/collections_int.h"

extern ev_type ev_type_array;
/* v is an array.array (or a subclass instance): its storage, borrowed */
bool ev_array_buffer(ev_value v, ev_value *bytearray);

#endif
