/*
 * lexdiff FILE...: lsmgen's own lexer (gen/lex.c) against libclang's tokens
 * (clang_lex(): clang_tokenize() of a translation unit) on each file: kind, spelling,
 * line, column and offset of every token. Prints the first difference of each file that
 * differs, then "N files, M tokens, K differ"; exit 1 if any file differs, 2 if one
 * cannot be read.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clang.h"
#include "lex.h"
#include "files.h"

static const char *const kinds[] = { "punct", "keyword", "ident", "literal" };

static void show(const char *who, const struct tok *t)
{
	if (t)
		fprintf(stderr, "  %s: %s '%s' at %u:%u (offsets %u to %u)\n", who,
			kinds[t->kind], t->text, t->line, t->col, t->off, t->end);
	else
		fprintf(stderr, "  %s: no token\n", who);
}

static bool same(const struct tok *a, const struct tok *b)
{
	return a->kind == b->kind && !strcmp(a->text, b->text) && a->line == b->line &&
	       a->col == b->col && a->off == b->off && a->end == b->end;
}

int main(int argc, char **argv)
{
	unsigned long files = 0, tokens = 0, differ = 0;

	for (int i = 1; i < argc; i++) {
		size_t len;
		char *text = read_file(argv[i], &len);
		struct tokens want, got;

		if (!text) {
			fprintf(stderr, "%s: cannot read\n", argv[i]);
			return 2;
		}
		clang_lex(argv[i], text, len, &want);
		lex_c(text, len, &got);
		files++;
		tokens += want.n;
		for (unsigned k = 0; k < want.n || k < got.n; k++) {
			const struct tok *a = k < want.n ? &want.v[k] : NULL;
			const struct tok *b = k < got.n ? &got.v[k] : NULL;

			if (a && b && same(a, b))
				continue;
			fprintf(stderr, "%s: token %u differs\n", argv[i], k);
			show("libclang", a);
			show("lex.c", b);
			differ++;
			break;
		}
		tokens_free(&want);
		tokens_free(&got);
		free(text);
	}
	printf("%lu files, %lu tokens, %lu differ\n", files, tokens, differ);
	return differ ? 1 : 0;
}
