/* sha256.h: SHA-256 (FIPS 180-4), to tell whether an implementer list was made from the
 * hook table being read (lsm_hook_impls.json records the table's sha256). */
#ifndef LSMGEN_SHA256_H
#define LSMGEN_SHA256_H

#include <stddef.h>

/* The digest of data as 64 lowercase hex digits and a NUL, in hex[65]. */
void sha256_hex(const void *data, size_t len, char hex[65]);

#endif
