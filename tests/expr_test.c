/*
 * expr_test: the expression type's printers and predicates on hand-checked cases.
 * With --constant, reads one expression a line and prints its value, or "?" when it is
 * not a constant: test_expr.py holds those to the system cpp's #if.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "expr.h"
#include "lex.h"

static unsigned passed, failed;

static void check(int ok, const char *what, const char *input, const char *got)
{
	if (ok) {
		passed++;
		return;
	}
	failed++;
	printf("FAIL: %s of '%s'%s%s\n", what, input, got ? ": got " : "", got ? got : "");
}

/* Text from expr, freed; NULL stays NULL. */
static void check_text(const char *what, const char *input, char *got, const char *want)
{
	check(got && want ? !strcmp(got, want) : got == want, what, input, got);
	free(got);
}

/* Parsed from the tokens of a #if line, as cond.c does. */
static struct expr *parse(const char *text)
{
	struct tokens t = { 0 };

	lex_c(text, strlen(text), &t);
	struct expr *e = expr_parse(t.v, 0, t.n);

	tokens_free(&t);
	return e;
}

static const struct {
	const char *in;
	const char *text;	/* as written: one space wherever the source had any */
	const char *comment;	/* in a comment */
	const char *as_c;	/* expr_as_c, or NULL */
	int operand, kconfig, safe, opaque;
	const char *tested;	/* expr_tested_symbol */
} cases[] = {
	{ "defined(CONFIG_A)", "defined(CONFIG_A)", "defined(CONFIG_A)",
	  "IS_BUILTIN(CONFIG_A)", 1, 1, 1, 0, "CONFIG_A" },
	{ "defined  CONFIG_A", "defined CONFIG_A", "defined CONFIG_A",
	  "IS_BUILTIN(CONFIG_A)", 1, 1, 1, 0, "CONFIG_A" },
	{ "IS_ENABLED( CONFIG_A )", "IS_ENABLED( CONFIG_A )", "IS_ENABLED( CONFIG_A )",
	  "IS_ENABLED( CONFIG_A )", 1, 1, 1, 0, "CONFIG_A" },
	{ "IS_MODULE(CONFIG_A)", "IS_MODULE(CONFIG_A)", "IS_MODULE(CONFIG_A)",
	  "IS_MODULE(CONFIG_A)", 1, 1, 1, 0, NULL },
	{ "CONFIG_A", "CONFIG_A", "CONFIG_A", NULL, 1, 1, 1, 0, NULL },
	{ "CONFIG_A > 3", "CONFIG_A > 3", "CONFIG_A > 3", NULL, 0, 1, 0, 0, NULL },
	{ "defined(CONFIG_A)&&!defined(CONFIG_B)", "defined(CONFIG_A)&&!defined(CONFIG_B)",
	  "defined(CONFIG_A)&&!defined(CONFIG_B)", "IS_BUILTIN(CONFIG_A)&&!IS_BUILTIN(CONFIG_B)",
	  0, 1, 1, 0, NULL },
	{ "defined(CONFIG_A) || defined(CONFIG_B)", "defined(CONFIG_A) || defined(CONFIG_B)",
	  "defined(CONFIG_A) || defined(CONFIG_B)",
	  "IS_BUILTIN(CONFIG_A) || IS_BUILTIN(CONFIG_B)", 0, 1, 1, 0, NULL },
	{ "defined(X86) && defined(CONFIG_A)", "defined(X86) && defined(CONFIG_A)",
	  "defined(X86) && defined(CONFIG_A)", "IS_BUILTIN(X86) && IS_BUILTIN(CONFIG_A)",
	  0, 0, 1, 0, NULL },
	{ "FOO(CONFIG_A)", "FOO(CONFIG_A)", "FOO(CONFIG_A)", "FOO(CONFIG_A)", 1, 0, 1, 0, NULL },
	{ "0x10", "0x10", "0x10", "0x10", 1, 1, 1, 0, NULL },
	{ "-EOPNOTSUPP", "-EOPNOTSUPP", "-EOPNOTSUPP", NULL, 1, 0, 1, 0, NULL },
	{ "1 << 2", "1 << 2", "1 << 2", "1 << 2", 0, 1, 1, 0, NULL },
	{ "a ? b : c", "a ? b : c", "a ? b : c", NULL, 0, 0, 0, 0, NULL },
	{ "(a ? b : c)", "(a ? b : c)", "(a ? b : c)", NULL, 1, 0, 0, 0, NULL },
	{ "0 | 1", "0 | 1", "0 | 1", "0 | 1", 0, 1, 1, 0, NULL },
	{ "!(0 | 1)", "!(0 | 1)", "!(0 | 1)", "!(0 | 1)", 1, 1, 1, 0, NULL },
	{ "f(a, b)", "f(a, b)", "f(a, b)", "f(a, b)", 1, 0, 0, 0, NULL },
	{ "4*/2", "4*/2", "4* /2", NULL, 0, 0, 0, 1, NULL },
	{ "a */ b", "a */ b", "a * / b", NULL, 0, 0, 0, 1, NULL },
	{ "'a'", "'a'", "'a'", NULL, 0, 0, 0, 1, NULL },
	{ "__has_include(<x.h>)", "__has_include(<x.h>)", "__has_include(<x.h>)", NULL,
	  0, 0, 0, 1, NULL },
	{ "1.5", "1.5", "1.5", "1.5", 1, 1, 0, 0, NULL },
	{ "a/b", "a/b", "a/b", NULL, 0, 0, 1, 0, NULL },
};

static void table(void)
{
	for (size_t i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		const char *in = cases[i].in;
		struct expr *e = parse(in), *c;

		check_text("text", in, expr_text(e), cases[i].text);
		check_text("comment text", in, expr_comment_text(e), cases[i].comment);
		c = expr_as_c(e);
		check_text("as C", in, c ? expr_text(c) : NULL, cases[i].as_c);
		expr_free(c);
		check(expr_is_operand(e) == cases[i].operand, "operand", in, NULL);
		check(expr_only_kconfig(e) == cases[i].kconfig, "only Kconfig", in, NULL);
		check(expr_is_safe(e) == cases[i].safe, "safe", in, NULL);
		check(expr_has_opaque(e) == cases[i].opaque, "opaque", in, NULL);
		check(cases[i].tested ? expr_tested_symbol(e) &&
			  !strcmp(expr_tested_symbol(e), cases[i].tested) :
			  !expr_tested_symbol(e), "tested symbol", in, NULL);
		/* read back from its text, as a manifest is: the same text */
		char *t = expr_comment_text(e);
		struct expr *back = expr_from_text(t);

		check_text("text read back", in, expr_comment_text(back), t);
		free(t);
		expr_free(back);
		struct expr *copy = expr_copy(e);

		check_text("copy", in, expr_text(copy), cases[i].text);
		expr_free(copy);
		expr_free(e);
	}
}

/* The nodes lsmgen makes: parentheses only where the operand binds looser. */
static void made(void)
{
	struct expr *e = expr_and(parse("A || B"), parse("C"));

	check_text("a && b", "(A || B) && C", expr_text(e), "(A || B) && C");
	expr_free(e);
	e = expr_and(parse("A && B"), parse("C && D"));
	check_text("a && b", "A && B, C && D", expr_text(e), "A && B && C && D");
	expr_free(e);
	e = expr_and(parse("A"), parse("B ? C : D"));
	check_text("a && b", "A, B ? C : D", expr_text(e), "A && (B ? C : D)");
	expr_free(e);
	e = expr_and(parse("A"), parse("(B || C)"));
	check_text("a && b", "A, (B || C)", expr_text(e), "A && (B || C)");
	expr_free(e);
	e = expr_or(parse("A && B"), parse("C"));
	check_text("a || b", "A && B, C", expr_text(e), "A && B || C");
	expr_free(e);
	e = expr_not(parse("defined(X)"));
	check_text("!(a)", "defined(X)", expr_text(e), "!(defined(X))");
	expr_free(e);
	e = expr_unary("!", expr_defined("X"));
	check_text("!defined", "X", expr_text(e), "!defined(X)");
	expr_free(e);
	e = expr_call("IS_ENABLED", expr_name("CONFIG_A"));
	check_text("call", "CONFIG_A", expr_text(e), "IS_ENABLED(CONFIG_A)");
	check(expr_only_kconfig(e), "only Kconfig", "IS_ENABLED(CONFIG_A) (made)", NULL);
	expr_free(e);
	/* " && " offsets, at any depth, only where spaced on both sides */
	unsigned *marks, n;
	char *t;

	e = parse("A && (B && C)&&D");
	t = expr_text_and_marks(e, &marks, &n);
	check(n == 2 && marks[0] == 1 && marks[1] == 7, "marks", "A && (B && C)&&D", t);
	free(t);
	free(marks);
	expr_free(e);
	/* the text of a made node read back parses to the same text */
	e = expr_and(expr_not(parse("A || B")), parse("C"));
	t = expr_text(e);
	struct expr *back = expr_from_text(t);

	check_text("made, read back", t, expr_text(back), "!(A || B) && C");
	free(t);
	expr_free(back);
	expr_free(e);
	/* text with a comment or a line break is no expression */
	e = expr_from_text("0 /* x */");
	check(e && expr_has_opaque(e) && !expr_is_safe(e), "comment", "0 /* x */", NULL);
	expr_free(e);
	check(!expr_from_text(""), "empty", "", NULL);
	check(!parse(""), "no tokens", "", NULL);
}

/* An identifier expr_find_name looks for. */
static bool starts_config(const char *name, void *arg)
{
	(void)arg;
	return !strncmp(name, "CONFIG_", 7);
}

static void names(void)
{
	struct expr *e = parse("FOO(1) && defined(BAR) || IS_ENABLED(CONFIG_B)");
	const char *n = expr_find_name(e, starts_config, NULL);

	check(n && !strcmp(n, "CONFIG_B"), "find name", "... IS_ENABLED(CONFIG_B)", n);
	expr_free(e);
	e = parse("FOO(1) && defined(BAR)");
	check(!expr_find_name(e, starts_config, NULL), "find no name", "FOO(1) && ...", NULL);
	expr_free(e);
}

static int constants(void)
{
	char line[4096];

	while (fgets(line, sizeof(line), stdin)) {
		line[strcspn(line, "\n")] = '\0';
		struct expr *e = parse(line);
		long long v;

		if (e && expr_constant(e, &v))
			printf("%lld\n", v);
		else
			printf("?\n");
		expr_free(e);
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "--constant"))
		return constants();
	table();
	made();
	names();
	printf("%u checks passed, %u failed\n", passed, failed);
	return failed ? 1 : 0;
}
