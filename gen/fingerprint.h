/*
 * fingerprint.h: what checked-in output was made from, in a form a shell recomputes
 * without lsmgen (scripts/lsm-checked-in.sh of the kernel series: grep, sort, sha256sum).
 */
#ifndef LSMGEN_FINGERPRINT_H
#define LSMGEN_FINGERPRINT_H

#include "strlist.h"

/*
 * The words whose lines count in security/'s C files: LSM_HOOK_INIT, DEFINE_LSM,
 * DEFINE_EARLY_LSM, security_add_hooks and the macros (macros) that reach LSM_HOOK_INIT;
 * sorted, each once, into words.
 */
void fingerprint_words(const struct strlist *macros, struct strlist *words);

/*
 * sha256 over the lines 'PATH:LINE' (grep -H's form) of, in this order: every line of
 * include/linux/lsm_hook_defs.h and include/linux/lsm_count.h (if present) and of every
 * Makefile under security/ (sorted by path, as LC_ALL=C sort); then, of every .c and .h
 * under security/ that holds one of words (sorted by path), each line holding a word or
 * a directive #if, #ifdef, #ifndef, #elif, #else, #endif or #include. A registration,
 * its #if, its Makefile condition or a hook of the table cannot change without it
 * changing; an edit elsewhere in an LSM leaves it alone. False (reported) if a file
 * cannot be read.
 */
bool tree_fingerprint(const char *kdir, const struct strlist *words, char hex[65]);

#endif
