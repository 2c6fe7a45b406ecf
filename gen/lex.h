/* lex.h: C tokens of a file as written, in one pass (lex.c). */
#ifndef LSMGEN_LEX_H
#define LSMGEN_LEX_H

#include <stddef.h>

#include "tokens.h"

/* Tokens of text as clang_tokenize() gives them, comments left out. */
void lex_c(const char *text, size_t len, struct tokens *out);
/* The same, with each digraph spelled as the punctuator cpp reads it as ("%:" as '#',
 * "%:%:" as "##", "<:" as '['...): what every reader of sources takes. */
void lex_source(const char *text, size_t len, struct tokens *out);

#endif
