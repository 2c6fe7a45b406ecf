/* tokens.h: C tokens as lexed (lex.c), joined back into text, macro arguments split, and
 * what makes an identifier. */
#ifndef LSMGEN_TOKENS_H
#define LSMGEN_TOKENS_H

#include <stdbool.h>
#include <stddef.h>

enum tok_kind { TOK_PUNCT, TOK_KEYWORD, TOK_IDENT, TOK_LITERAL };

struct tok {
	enum tok_kind kind;
	char *text;
	unsigned line, col, off, end;
};

struct tokens {
	struct tok *v;
	unsigned n;
	char *texts;	/* where every text is, when one block holds them all (lex.c) */
};

/* Tokens [a, b) of a list. */
struct range {
	unsigned a, b;
};

void tokens_free(struct tokens *t);
bool tok_is(const struct tok *t, const char *text);
/* Tokens [a, b) as written between them, and with canonical spacing. */
char *join_as_written(const struct tok *v, unsigned a, unsigned b);
char *join_canonical(const struct tok *v, unsigned a, unsigned b);
/* The index of the token that starts at or after byte offset off. */
unsigned token_index(const struct tokens *t, unsigned off);

/*
 * The arguments of a macro use whose '(' is token open, each [a, b) of t, split at the
 * commas outside nested parentheses: only parentheses group, as cpp groups them, so
 * "[1, 2]" and "{ 1, 2 }" are two arguments each. Returns how many (an empty list is
 * one empty argument) and sets *close to the ')', or 0 if none closes it. Free *args.
 */
unsigned macro_args(const struct tokens *t, unsigned open, struct range **args,
		    unsigned *close);

/* True if c can start a C identifier ([A-Za-z_]). */
bool is_ident_start(int c);
/* The length of the run of identifier characters ([A-Za-z0-9_]) at s. */
size_t ident_len(const char *s);
/* True if s is a C identifier. */
bool is_identifier(const char *s);

#endif
