/*
 * expr.c: conditions and constants as a small tree. Each node keeps its own tokens and
 * whether white space came before each, so a guard prints as its source wrote it; the
 * nodes lsmgen makes (a && b, !(a)) print in kernel style.
 */
#include "expr.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "buf.h"
#include "lex.h"

static struct expr *node(enum expr_kind kind, const char *text)
{
	struct expr *e = xcalloc(1, sizeof(*e));

	e->kind = kind;
	e->text = text ? xstrdup(text) : NULL;
	return e;
}

static void add_part(struct expr *e, const char *tok, struct expr *kid, int space)
{
	e->parts = xrealloc(e->parts, (e->nparts + 1) * sizeof(*e->parts));
	e->parts[e->nparts++] = (struct expr_part){ tok ? xstrdup(tok) : NULL, kid,
						    (signed char)space };
	if (kid) {
		e->kids = xrealloc(e->kids, (e->nkids + 1) * sizeof(*e->kids));
		e->kids[e->nkids++] = kid;
	}
}

void expr_free(struct expr *e)
{
	if (!e)
		return;
	for (unsigned i = 0; i < e->nkids; i++)
		expr_free(e->kids[i]);
	for (unsigned i = 0; i < e->nparts; i++)
		free(e->parts[i].tok);
	free(e->kids);
	free(e->parts);
	free(e->text);
	free(e);
}

struct expr *expr_copy(const struct expr *e)
{
	if (!e)
		return NULL;
	struct expr *c = node(e->kind, e->text);

	for (unsigned i = 0; i < e->nparts; i++)
		add_part(c, e->parts[i].tok, e->parts[i].kid ? expr_copy(e->parts[i].kid) : NULL,
			 e->parts[i].space);
	return c;
}

/* ---- reading: precedence climbing over the tokens ---- */

struct parser {
	const struct tok *v;
	unsigned a, i, end;
	bool failed;
};

static const struct tok *peek(const struct parser *p)
{
	return p->i < p->end ? &p->v[p->i] : NULL;
}

static bool at(const struct parser *p, const char *text)
{
	const struct tok *t = peek(p);

	return t && t->kind == TOK_PUNCT && tok_is(t, text);
}

/* White space before token i, as join_as_written() reads it. */
static int space_before(const struct parser *p, unsigned i)
{
	return i > p->a && p->v[i].off > p->v[i - 1].end;
}

/* Take the next token as a part of e. */
static void take(struct parser *p, struct expr *e)
{
	add_part(e, p->v[p->i].text, NULL, space_before(p, p->i));
	p->i++;
}

static void expect(struct parser *p, struct expr *e, const char *text)
{
	if (at(p, text))
		take(p, e);
	else
		p->failed = true;
}

static struct expr *ternary(struct parser *p);

static struct expr *primary(struct parser *p)
{
	const struct tok *t = peek(p);
	struct expr *e;

	/* a token spelled across a line splice cannot be printed on one line */
	if (!t || strpbrk(t->text, "\\\n\r")) {
		p->failed = true;
		return node(EXPR_NUMBER, "0");
	}
	if (t->kind == TOK_LITERAL && (strchr("0123456789", t->text[0]) ||
				       (t->text[0] == '.' && t->text[1]))) {
		e = node(EXPR_NUMBER, t->text);
		take(p, e);
	} else if ((t->kind == TOK_IDENT || t->kind == TOK_KEYWORD) && tok_is(t, "defined")) {
		e = node(EXPR_DEFINED, NULL);
		take(p, e);
		bool paren = at(p, "(");

		if (paren)
			take(p, e);
		t = peek(p);
		if (!t || (t->kind != TOK_IDENT && t->kind != TOK_KEYWORD)) {
			p->failed = true;
			return e;
		}
		e->text = xstrdup(t->text);
		take(p, e);
		if (paren)
			expect(p, e, ")");
	} else if (t->kind == TOK_IDENT || t->kind == TOK_KEYWORD) {
		bool call = p->i + 1 < p->end && p->v[p->i + 1].kind == TOK_PUNCT &&
			    tok_is(&p->v[p->i + 1], "(");

		e = node(call ? EXPR_CALL : EXPR_NAME, t->text);
		take(p, e);
		if (call) {
			take(p, e);
			while (!p->failed && !at(p, ")")) {
				if (e->nkids)
					expect(p, e, ",");
				add_part(e, NULL, ternary(p), -1);
			}
			expect(p, e, ")");
		}
	} else if (t->kind == TOK_PUNCT && tok_is(t, "(")) {
		e = node(EXPR_PAREN, NULL);
		take(p, e);
		add_part(e, NULL, ternary(p), -1);
		expect(p, e, ")");
	} else {
		p->failed = true;
		return node(EXPR_NUMBER, "0");
	}
	return e;
}

static struct expr *unary(struct parser *p)
{
	static const char *const ops[] = { "!", "~", "-", "+" };

	for (size_t k = 0; k < sizeof(ops) / sizeof(*ops); k++) {
		if (!at(p, ops[k]))
			continue;
		struct expr *e = node(EXPR_UNARY, ops[k]);

		take(p, e);
		add_part(e, NULL, unary(p), -1);
		return e;
	}
	return primary(p);
}

/* Binding of a binary operator, loosest 1; 0 if the token is none. */
static int binding(const char *op)
{
	static const char *const levels[] = { "||", "&&", "|", "^", "&", "== !=", "< > <= >=",
					      "<< >>", "+ -", "* / %" };

	for (size_t k = 0; k < sizeof(levels) / sizeof(*levels); k++) {
		const char *l = levels[k];
		size_t n = strlen(op);

		for (const char *w = l; *w; w += strcspn(w, " "), w += *w == ' ')
			if (strcspn(w, " ") == n && !strncmp(w, op, n))
				return (int)k + 1;
	}
	return 0;
}

static struct expr *binary(struct parser *p, int min)
{
	struct expr *lhs = unary(p);

	while (!p->failed) {
		const struct tok *t = peek(p);
		int level = t && t->kind == TOK_PUNCT ? binding(t->text) : 0;

		if (!level || level < min)
			break;
		struct expr *e = node(EXPR_BINARY, t->text);

		add_part(e, NULL, lhs, -1);
		take(p, e);
		add_part(e, NULL, binary(p, level + 1), -1);
		lhs = e;
	}
	return lhs;
}

static struct expr *ternary(struct parser *p)
{
	struct expr *c = binary(p, 1);

	if (p->failed || !at(p, "?"))
		return c;
	struct expr *e = node(EXPR_TERNARY, NULL);

	add_part(e, NULL, c, -1);
	take(p, e);
	add_part(e, NULL, ternary(p), -1);
	expect(p, e, ":");
	if (!p->failed)
		add_part(e, NULL, ternary(p), -1);
	return e;
}

struct expr *expr_parse(const struct tok *v, unsigned a, unsigned b)
{
	if (a >= b)
		return NULL;
	struct parser p = { v, a, a, b, false };
	struct expr *e = ternary(&p);

	if (!p.failed && p.i == b)
		return e;
	expr_free(e);
	char *text = join_as_written(v, a, b);

	e = node(EXPR_OPAQUE, text);
	add_part(e, text, NULL, 0);
	free(text);
	return e;
}

struct expr *expr_from_text(const char *text)
{
	struct tokens t = { 0 };
	size_t len = strlen(text), at = 0;
	bool blank = true;

	lex_source(text, len, &t);
	/* only blanks between the tokens: a comment or a line break is not an expression */
	for (unsigned i = 0; i <= t.n && blank; i++) {
		size_t to = i < t.n ? t.v[i].off : len;

		blank = strspn(text + at, " \t") >= to - at;
		at = i < t.n ? t.v[i].end : len;
	}
	struct expr *e = blank ? expr_parse(t.v, 0, t.n) : NULL;

	tokens_free(&t);
	if (!e && *text) {
		e = node(EXPR_OPAQUE, text);
		add_part(e, text, NULL, 0);
	}
	return e;
}

/* ---- making ---- */

struct expr *expr_name(const char *name)
{
	struct expr *e = node(EXPR_NAME, name);

	add_part(e, name, NULL, 0);
	return e;
}

struct expr *expr_defined(const char *name)
{
	struct expr *e = node(EXPR_DEFINED, name);

	add_part(e, "defined", NULL, 0);
	add_part(e, "(", NULL, 0);
	add_part(e, name, NULL, 0);
	add_part(e, ")", NULL, 0);
	return e;
}

struct expr *expr_call(const char *callee, struct expr *arg)
{
	struct expr *e = node(EXPR_CALL, callee);

	add_part(e, callee, NULL, 0);
	add_part(e, "(", NULL, 0);
	add_part(e, NULL, arg, 0);
	add_part(e, ")", NULL, 0);
	return e;
}

struct expr *expr_paren(struct expr *a)
{
	struct expr *e = node(EXPR_PAREN, NULL);

	add_part(e, "(", NULL, 0);
	add_part(e, NULL, a, 0);
	add_part(e, ")", NULL, 0);
	return e;
}

struct expr *expr_unary(const char *op, struct expr *a)
{
	struct expr *e = node(EXPR_UNARY, op);

	add_part(e, op, NULL, 0);
	add_part(e, NULL, a, 0);
	return e;
}

struct expr *expr_not(struct expr *a)
{
	return expr_unary("!", expr_paren(a));
}

/* Does a need parentheses as an operand of a binary operator of this binding? */
static bool looser(const struct expr *a, int level)
{
	return a->kind == EXPR_TERNARY || a->kind == EXPR_OPAQUE ||
	       (a->kind == EXPR_BINARY && binding(a->text) < level);
}

static struct expr *join(const char *op, struct expr *a, struct expr *b)
{
	struct expr *e = node(EXPR_BINARY, op);
	int level = binding(op);

	add_part(e, NULL, looser(a, level) ? expr_paren(a) : a, 0);
	add_part(e, op, NULL, 1);
	add_part(e, NULL, looser(b, level) ? expr_paren(b) : b, 1);
	return e;
}

struct expr *expr_and(struct expr *a, struct expr *b)
{
	return join("&&", a, b);
}

struct expr *expr_or(struct expr *a, struct expr *b)
{
	return join("||", a, b);
}

void exprlist_add(struct exprlist *l, struct expr *e)
{
	l->v = xrealloc(l->v, (l->n + 1) * sizeof(*l->v));
	l->v[l->n++] = e;
}

void exprlist_free(struct exprlist *l)
{
	for (unsigned i = 0; i < l->n; i++)
		expr_free(l->v[i]);
	free(l->v);
	*l = (struct exprlist){ 0 };
}

/* ---- printing ---- */

struct printer {
	struct buf *out;
	unsigned *marks, nmarks;	/* offsets of " &&" */
};

static void emit(struct printer *pr, const char *tok, int space)
{
	if (space > 0 && pr->out->len)
		buf_putc(pr->out, ' ');
	buf_puts(pr->out, tok);
}

/* The white space before e's first token, as its source had it. */
static int lead_of(const struct expr *e)
{
	const struct expr_part *p = e->nparts ? &e->parts[0] : NULL;

	if (!p)
		return 0;
	return p->kid && p->space < 0 ? lead_of(p->kid) : p->space;
}

static void print(struct printer *pr, const struct expr *e, int lead)
{
	if (lead < 0)
		lead = lead_of(e);
	for (unsigned i = 0; i < e->nparts; i++) {
		const struct expr_part *p = &e->parts[i];
		int space = i ? p->space : lead;

		if (p->kid) {
			print(pr, p->kid, i ? p->space : lead);
			continue;
		}
		if (e->kind == EXPR_BINARY && !strcmp(p->tok, "&&") && space > 0) {
			pr->marks = xrealloc(pr->marks, (pr->nmarks + 1) * sizeof(*pr->marks));
			pr->marks[pr->nmarks++] = (unsigned)pr->out->len;
		}
		emit(pr, p->tok, space);
	}
}

char *expr_text_and_marks(const struct expr *e, unsigned **marks, unsigned *nmarks)
{
	struct buf b = { 0 };
	struct printer pr = { &b, NULL, 0 };

	buf_add(&b, "", 0);
	if (e)
		print(&pr, e, 0);
	/* only where a space follows too: " && " */
	unsigned n = 0;

	for (unsigned i = 0; i < pr.nmarks; i++)
		if (pr.marks[i] + 3 < b.len && b.s[pr.marks[i] + 3] == ' ')
			pr.marks[n++] = pr.marks[i];
	if (marks) {
		*marks = pr.marks;
		*nmarks = n;
	} else {
		free(pr.marks);
	}
	return b.s;
}

char *expr_text(const struct expr *e)
{
	return expr_text_and_marks(e, NULL, NULL);
}

char *expr_comment_text(const struct expr *e)
{
	if (!e)
		return NULL;
	char *s = expr_text(e);
	size_t len = strlen(s);

	for (size_t i = 0; i + 1 < len; i++) {
		if ((s[i] == '*' && s[i + 1] == '/') || (s[i] == '/' && strchr("*/", s[i + 1]))) {
			char *t = xasprintf("%.*s %s", (int)i + 1, s, s + i + 1);

			free(s);
			s = t;
			len++;
		}
	}
	return s;
}

struct expr *expr_as_c(const struct expr *e)
{
	if (e->kind == EXPR_NAME || e->kind == EXPR_OPAQUE)
		return NULL;
	if (e->kind == EXPR_DEFINED) {
		struct expr *c = expr_call("IS_BUILTIN", expr_name(e->text));

		c->parts[0].space = (signed char)lead_of(e);
		return c;
	}
	if (e->kind == EXPR_CALL)	/* the kconfig.h macros name the symbol, not its value */
		return expr_copy(e);
	struct expr *c = node(e->kind, e->text);

	for (unsigned i = 0; i < e->nparts; i++) {
		const struct expr_part *p = &e->parts[i];
		struct expr *kid = p->kid ? expr_as_c(p->kid) : NULL;

		if (p->kid && !kid) {
			expr_free(c);
			return NULL;
		}
		add_part(c, p->tok, kid, p->space);
	}
	return c;
}

/* ---- asking ---- */

bool expr_is_operand(const struct expr *e)
{
	switch (e->kind) {
	case EXPR_NUMBER:
	case EXPR_NAME:
	case EXPR_DEFINED:
	case EXPR_CALL:
	case EXPR_PAREN:
		return true;
	case EXPR_UNARY:
		return expr_is_operand(e->kids[0]);
	default:
		return false;
	}
}

static bool is_kconfig_name(const char *s)
{
	return s && strlen(s) > 7 && !strncmp(s, "CONFIG_", 7);
}

bool expr_only_kconfig(const struct expr *e)
{
	static const char *const macros[] = { "IS_ENABLED", "IS_BUILTIN", "IS_MODULE",
					      "IS_REACHABLE" };
	bool known = false;

	switch (e->kind) {
	case EXPR_OPAQUE:
		return false;
	case EXPR_NAME:
	case EXPR_DEFINED:
		return is_kconfig_name(e->text);
	case EXPR_CALL:
		for (size_t k = 0; k < sizeof(macros) / sizeof(*macros); k++)
			known |= !strcmp(e->text, macros[k]);
		if (!known)
			return false;
		break;
	default:
		break;
	}
	for (unsigned i = 0; i < e->nkids; i++)
		if (!expr_only_kconfig(e->kids[i]))
			return false;
	return true;
}

bool expr_is_safe(const struct expr *e)
{
	static const char *const ops[] = { "+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^",
					   "&&", "||" };
	bool ok = false;

	if (!e)
		return false;
	switch (e->kind) {
	case EXPR_NUMBER:
		return e->text[strspn(e->text, "_ABCDEFGHIJKLMNOPQRSTUVWXYZ"
				      "abcdefghijklmnopqrstuvwxyz0123456789")] == '\0';
	case EXPR_NAME:
	case EXPR_DEFINED:
		return true;
	case EXPR_CALL:
		ok = e->nkids <= 1;
		break;
	case EXPR_PAREN:
	case EXPR_UNARY:	/* ! ~ - + */
		ok = true;
		break;
	case EXPR_BINARY:
		for (size_t k = 0; k < sizeof(ops) / sizeof(*ops); k++)
			ok |= !strcmp(e->text, ops[k]);
		break;
	default:
		return false;
	}
	for (unsigned i = 0; ok && i < e->nkids; i++)
		ok = expr_is_safe(e->kids[i]);
	return ok;
}

bool expr_has_opaque(const struct expr *e)
{
	if (e->kind == EXPR_OPAQUE)
		return true;
	for (unsigned i = 0; i < e->nkids; i++)
		if (expr_has_opaque(e->kids[i]))
			return true;
	return false;
}

/* A number cpp reads as signed (intmax_t): no u suffix, not past its range. */
static bool number_value(const char *s, long long *v)
{
	char *end;
	unsigned long long u = strtoull(s, &end, 0);

	*v = (long long)u;
	return end != s && end[strspn(end, "lL")] == '\0' && u <= 9223372036854775807ULL;
}

bool expr_constant(const struct expr *e, long long *v)
{
	long long a = 0, b = 0;
	const char *op = e->text;

	switch (e->kind) {
	case EXPR_NUMBER:
		return number_value(e->text, v);
	case EXPR_PAREN:
		return expr_constant(e->kids[0], v);
	case EXPR_UNARY:
		if (!expr_constant(e->kids[0], &a))
			return false;
		*v = *op == '!' ? !a : *op == '~' ? ~a : *op == '-' ? -a : a;
		return true;
	case EXPR_TERNARY:	/* cpp decides by the condition alone */
		if (!expr_constant(e->kids[0], &a))
			return false;
		return expr_constant(e->kids[a ? 1 : 2], v);
	case EXPR_BINARY:
		/* 0 && x is 0 and 1 || x is 1, whatever x is */
		if ((!strcmp(op, "&&") || !strcmp(op, "||")) &&
		    ((expr_constant(e->kids[0], &a) && !a == (*op == '&')) ||
		     (expr_constant(e->kids[1], &b) && !b == (*op == '&')))) {
			*v = *op == '|';
			return true;
		}
		if (!expr_constant(e->kids[0], &a) || !expr_constant(e->kids[1], &b))
			return false;
		break;
	default:
		return false;
	}
	if ((*op == '/' || *op == '%') && !b)
		return false;
	if ((!strcmp(op, "<<") || !strcmp(op, ">>")) && (b < 0 || b > 63))
		return false;
	*v = !strcmp(op, "||") ? a || b : !strcmp(op, "&&") ? a && b :
	     !strcmp(op, "|") ? a | b : !strcmp(op, "^") ? a ^ b : !strcmp(op, "&") ? a & b :
	     !strcmp(op, "==") ? a == b : !strcmp(op, "!=") ? a != b :
	     !strcmp(op, "<") ? a < b : !strcmp(op, ">") ? a > b :
	     !strcmp(op, "<=") ? a <= b : !strcmp(op, ">=") ? a >= b :
	     !strcmp(op, "<<") ? (long long)((unsigned long long)a << b) :
	     !strcmp(op, ">>") ? a >> b :
	     !strcmp(op, "+") ? (long long)((unsigned long long)a + (unsigned long long)b) :
	     !strcmp(op, "-") ? (long long)((unsigned long long)a - (unsigned long long)b) :
	     !strcmp(op, "*") ? (long long)((unsigned long long)a * (unsigned long long)b) :
	     !strcmp(op, "/") ? (a == (-9223372036854775807LL - 1) && b == -1 ? a : a / b) :
	     (a == (-9223372036854775807LL - 1) && b == -1 ? 0 : a % b);
	return true;
}

const char *expr_tested_symbol(const struct expr *e)
{
	if (e->kind == EXPR_DEFINED)
		return e->text;
	if (e->kind == EXPR_CALL && e->nkids == 1 && e->kids[0]->kind == EXPR_NAME &&
	    (!strcmp(e->text, "IS_ENABLED") || !strcmp(e->text, "IS_BUILTIN")))
		return e->kids[0]->text;
	return NULL;
}

const char *expr_find_name(const struct expr *e, bool (*fn)(const char *name, void *arg),
			   void *arg)
{
	if ((e->kind == EXPR_NAME || e->kind == EXPR_DEFINED || e->kind == EXPR_CALL) &&
	    fn(e->text, arg))
		return e->text;
	for (unsigned i = 0; i < e->nkids; i++) {
		const char *found = expr_find_name(e->kids[i], fn, arg);

		if (found)
			return found;
	}
	return NULL;
}
