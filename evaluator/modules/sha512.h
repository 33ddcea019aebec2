/*
 * sha512.h - SHA-512 (FIPS 180-4), one-shot; see hash_sha.c.
 */
#ifndef SAFEPY_SHA512_H
#define SAFEPY_SHA512_H

#include <stddef.h>
#include <stdint.h>

/* The 64-byte digest of msg[0..len). */
void ev_sha512(const unsigned char *msg, size_t len, unsigned char out[64]);

#endif
