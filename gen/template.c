/* template.c: parse, check and render the templates that give the emitted C its shape. */
#include "template.h"
#include "alloc.h"
#include "buf.h"
#include "diag.h"
#include "tokens.h"
#include "tvalues.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STR2(x) #x
#define STR(x) STR2(x)

enum node_kind { N_TEXT, N_VAR, N_FOR, N_IF, N_PARTIAL };

struct node {
	enum node_kind kind;
	char *text;		/* literal text, or the path used */
	char *var;		/* loop variable */
	bool negate;
	struct node *body, *alt, *next;	/* N_PARTIAL: body is the partial's, not owned */
	unsigned line, col;
};

/* {{#define NAME}} ... {{/define}}: a block written once, used by {{> NAME}}. */
struct partial {
	char *name;
	struct node *body;
};

struct template {
	char *name;
	struct node *root;
	struct partial *partials;
	unsigned npartials;
};

/* A tag {{...}} found in the text, with where it starts and ends. */
struct tag {
	const char *start, *end;	/* "{{" and just past "}}" */
	const char *in, *in_end;	/* the trimmed inside */
	unsigned line, col;
	bool block;			/* not a substitution: may stand alone on its line */
};

static void node_free(struct node *n)
{
	while (n) {
		struct node *next = n->next;

		if (n->kind != N_PARTIAL)
			node_free(n->body);
		node_free(n->alt);
		free(n->text);
		free(n->var);
		free(n);
		n = next;
	}
}

static bool path_ok(const char *p, size_t n)
{
	/* a.b.@index: identifiers separated by dots; '@' only for the loop fields. */
	bool start = true;

	if (!n)
		return false;
	for (size_t i = 0; i < n; i++) {
		char c = p[i];

		if (c == '.') {
			if (start)
				return false;
			start = true;
			continue;
		}
		if (!(c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		      (!start && c >= '0' && c <= '9') || (start && c == '@')))
			return false;
		start = false;
	}
	return !start;
}

struct parser {
	const char *name;
	const char *text;
	struct tag *tags;
	unsigned ntags, cap, pos;
	unsigned depth;		/* blocks open around the one being parsed */
	bool failed;
	struct partial *partials;	/* handed to the template */
	unsigned npartials;
};

/* Deeper nesting than this is not a template anyone writes; refused before the stack goes. */
#define MAX_NESTING 64

static void __attribute__((format(printf, 4, 5)))
perr(struct parser *p, unsigned line, unsigned col, const char *fmt, ...)
{
	va_list ap;
	char msg[512];

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	error_at(p->name, line, col, "%s", msg);
	p->failed = true;
}

/* Advance line and col from text at *from to at: each character is counted once. */
static void location(const char **from, const char *at, unsigned *line, unsigned *col)
{
	for (const char *p = *from; p < at; p++) {
		if (*p == '\n') {
			(*line)++;
			*col = 1;
		} else {
			(*col)++;
		}
	}
	*from = at;
}

/* Find every tag; widen block tags that stand alone on a line to the whole line. */
static bool scan(struct parser *p)
{
	const char *s = p->text, *counted = p->text;
	unsigned line = 1, col = 1;

	while ((s = strstr(s, "{{"))) {
		const char *e = strstr(s + 2, "}}");
		struct tag t = { 0 };

		location(&counted, s, &line, &col);
		t.line = line;
		t.col = col;
		if (!e) {
			perr(p, t.line, t.col, "unterminated tag '{{'%s", "");
			return false;
		}
		t.start = s;
		t.end = e + 2;
		t.in = s + 2;
		t.in_end = e;
		while (t.in < t.in_end && (*t.in == ' ' || *t.in == '\t'))
			t.in++;
		while (t.in_end > t.in && (t.in_end[-1] == ' ' || t.in_end[-1] == '\t'))
			t.in_end--;
		t.block = t.in < t.in_end && strchr("#/!>", *t.in);
		/* {{~}} at the end of a line: the next line continues this one, its indent
		 * dropped */
		if (t.in_end - t.in == 1 && *t.in == '~' && e[2] == '\n') {
			const char *b = e + 3;

			while (*b == ' ' || *b == '\t')
				b++;
			t.end = b;
		}
		if (t.block) {
			const char *a = t.start, *b = t.end;

			while (a > p->text && (a[-1] == ' ' || a[-1] == '\t'))
				a--;
			while (*b == ' ' || *b == '\t')
				b++;
			if ((a == p->text || a[-1] == '\n') && (*b == '\n' || *b == '\0')) {
				t.start = a;
				t.end = *b ? b + 1 : b;
			}
		}
		if (p->ntags == p->cap) {
			p->cap = p->cap ? 2 * p->cap : 64;
			p->tags = xrealloc(p->tags, p->cap * sizeof(*p->tags));
		}
		p->tags[p->ntags++] = t;
		s = e + 2;
	}
	return true;
}

static struct node *new_node(enum node_kind kind, const struct tag *t)
{
	struct node *n = xcalloc(1, sizeof(*n));

	n->kind = kind;
	if (t) {
		n->line = t->line;
		n->col = t->col;
	}
	return n;
}

static bool word(const char **s, const char *end, const char *w)
{
	size_t n = strlen(w);

	if ((size_t)(end - *s) < n || strncmp(*s, w, n) != 0)
		return false;
	if (*s + n < end && *(*s + n) != ' ')
		return false;
	*s += n;
	while (*s < end && **s == ' ')
		(*s)++;
	return true;
}

/* Parse nodes from text position from until a closing tag; *stop gets that tag's word. */
static struct node *parse_seq(struct parser *p, const char **from, const char **stop);

/* {{> NAME}}: a partial defined above, rendered in this scope; NULL after an error. */
static struct node *parse_partial_use(struct parser *p, const struct tag *t, const char *s,
				      const char *e)
{
	for (s++; s < e && *s == ' '; s++)
		;
	for (unsigned k = 0; k < p->npartials; k++) {
		if (strlen(p->partials[k].name) != (size_t)(e - s) ||
		    strncmp(p->partials[k].name, s, (size_t)(e - s)))
			continue;
		struct node *n = new_node(N_PARTIAL, t);

		n->text = xstrdup(p->partials[k].name);
		n->body = p->partials[k].body;
		return n;
	}
	char *x = xstrndup(s, (size_t)(e - s));

	perr(p, t->line, t->col, "no partial '%s' defined above: write "
	     "'{{#define %s}}' ... '{{/define}}' before using it", x, x);
	free(x);
	return NULL;
}

/* {{#define NAME}} ... {{/define}}, at the top level: the partial is kept, not rendered. */
static bool parse_define(struct parser *p, const struct tag *t, const char *s, const char *e,
			 const char **from)
{
	const char *closing;
	char *name = xstrndup(s, (size_t)(e - s));

	if (p->depth || !is_identifier(name)) {
		perr(p, t->line, t->col, "%s", p->depth ?
		     "'{{#define}}' goes at the top level, not inside a block" :
		     "expected '{{#define NAME}}'");
		free(name);
		return false;
	}
	p->depth++;
	struct node *body = parse_seq(p, from, &closing);

	p->depth--;
	if (!p->failed && (!closing || strncmp(closing, "/define", 7))) {
		perr(p, t->line, t->col, "'{{#define %s}}' is never closed", name);
		node_free(body);
		free(name);
		return false;
	}
	p->partials = xrealloc(p->partials, (p->npartials + 1) * sizeof(*p->partials));
	p->partials[p->npartials++] = (struct partial){ name, body };
	return true;
}

/* {{PATH}}; NULL after an error. */
static struct node *parse_var(struct parser *p, const struct tag *t, const char *s,
			      const char *e)
{
	if (!path_ok(s, (size_t)(e - s))) {
		char *x = xstrndup(s, (size_t)(e - s));

		perr(p, t->line, t->col, "'%s' is not a name", x);
		free(x);
		return NULL;
	}
	struct node *n = new_node(N_VAR, t);

	n->text = xstrndup(s, (size_t)(e - s));
	return n;
}

/* The opening tag of {{#for NAME in PATH}} or {{#if [!]PATH}}, and the tag that must close
 * it in *end_word; NULL after an error. */
static struct node *open_block(struct parser *p, const struct tag *t, const char *s,
			       const char *e, const char **end_word)
{
	struct node *n = NULL;

	if (word(&s, e, "#for")) {
		const char *v = s;

		while (s < e && *s != ' ')
			s++;
		n = new_node(N_FOR, t);
		n->var = xstrndup(v, (size_t)(s - v));
		while (s < e && *s == ' ')
			s++;
		if (!is_identifier(n->var) || !word(&s, e, "in") || !path_ok(s, (size_t)(e - s))) {
			perr(p, t->line, t->col, "expected '{{#for NAME in PATH}}'%s", "");
			node_free(n);
			return NULL;
		}
		*end_word = "/for";
	} else if (word(&s, e, "#if")) {
		n = new_node(N_IF, t);
		if (s < e && *s == '!') {
			n->negate = true;
			s++;
		}
		if (!path_ok(s, (size_t)(e - s))) {
			perr(p, t->line, t->col, "expected '{{#if PATH}}' or '{{#if !PATH}}'%s",
			     "");
			node_free(n);
			return NULL;
		}
		*end_word = "/if";
	} else {
		char *x = xstrndup(t->in, (size_t)(t->in_end - t->in));

		perr(p, t->line, t->col, "unknown tag '{{%s}}'", x);
		free(x);
		return NULL;
	}
	n->text = xstrndup(s, (size_t)(e - s));
	return n;
}

/* A block's body (and an {{#if}}'s {{#else}}) up to end_word; false after an error. */
static bool parse_block_body(struct parser *p, const struct tag *t, struct node *n,
			     const char **from, const char *end_word)
{
	const char *closing;

	if (p->depth == MAX_NESTING) {
		perr(p, t->line, t->col, "blocks nested deeper than %s: '{{#if}}' and "
		     "'{{#for}}' go at most " STR(MAX_NESTING) " deep", STR(MAX_NESTING));
		return false;
	}
	p->depth++;
	n->body = parse_seq(p, from, &closing);
	if (closing && n->kind == N_IF && strncmp(closing, "#else", 5) == 0)
		n->alt = parse_seq(p, from, &closing);
	p->depth--;
	if (p->failed)
		return false;
	if (closing && strncmp(closing, end_word, strlen(end_word)) == 0)
		return true;
	const char *open = n->kind == N_FOR ? "#for" : "#if";

	if (!closing) {
		perr(p, t->line, t->col, "'{{%s}}' is never closed", open);
		return false;
	}
	/* name the tag that ended the block, and the block it ended */
	const struct tag *c = &p->tags[p->pos - 1];
	char *what = xasprintf("'{{%.*s}}' ends the '{{%s}}' of line %u%s",
			       (int)(c->in_end - c->in), c->in, open, t->line,
			       strncmp(closing, "#else", 5) ? ": close the inner block first" :
			       n->kind == N_FOR ? ", and '{{#for}}' has no '{{#else}}'" :
			       ", which has an '{{#else}}' already");

	perr(p, c->line, c->col, "%s", what);
	free(what);
	return false;
}

/* Text and tags up to a closing tag ({{/...}} or {{#else}}, left in *stop) or the end. */
static struct node *parse_seq(struct parser *p, const char **from, const char **stop)
{
	struct node *head = NULL, **tail = &head;

	*stop = NULL;
	while (!p->failed) {
		const struct tag *t = p->pos < p->ntags ? &p->tags[p->pos] : NULL;
		const char *upto = t ? t->start : *from + strlen(*from);
		struct node *n = NULL;

		if (upto > *from) {
			n = new_node(N_TEXT, NULL);
			n->text = xstrndup(*from, (size_t)(upto - *from));
			*tail = n;
			tail = &n->next;
		}
		if (!t)
			break;
		p->pos++;
		*from = t->end;
		const char *s = t->in, *e = t->in_end, *end_word = NULL;

		if (*s == '!' || (*s == '~' && e - s == 1))
			continue;
		if (word(&s, e, "#define")) {
			if (!parse_define(p, t, s, e, from))
				break;
			continue;
		}
		if (*s == '/' || word(&s, e, "#else")) {
			*stop = t->in;
			return head;
		}
		if (*s == '>')
			n = parse_partial_use(p, t, s, e);
		else if (*s != '#')
			n = parse_var(p, t, s, e);
		else
			n = open_block(p, t, s, e, &end_word);
		if (!n)
			break;
		*tail = n;
		tail = &n->next;
		if (end_word && !parse_block_body(p, t, n, from, end_word))
			break;
	}
	return head;
}

struct template *template_parse(const char *name, const char *text)
{
	struct parser p = { name, text, NULL, 0, 0, 0, 0, false, NULL, 0 };
	struct template *t = NULL;
	const char *from = text, *stop;

	if (scan(&p)) {
		struct node *root = parse_seq(&p, &from, &stop);

		if (!p.failed && stop) {
			const struct tag *tag = &p.tags[p.pos - 1];
			char *x = xstrndup(tag->in, (size_t)(tag->in_end - tag->in));

			perr(&p, tag->line, tag->col, "'{{%s}}' closes nothing", x);
			free(x);
		}
		if (p.failed) {
			node_free(root);
		} else {
			t = xcalloc(1, sizeof(*t));
			t->name = xstrdup(name);
			t->root = root;
			t->partials = p.partials;
			t->npartials = p.npartials;
			p.partials = NULL;
			p.npartials = 0;
		}
	}
	for (unsigned k = 0; k < p.npartials; k++) {
		free(p.partials[k].name);
		node_free(p.partials[k].body);
	}
	free(p.partials);
	free(p.tags);
	return t;
}

void template_free(struct template *t)
{
	if (!t)
		return;
	node_free(t->root);
	for (unsigned k = 0; k < t->npartials; k++) {
		free(t->partials[k].name);
		node_free(t->partials[k].body);
	}
	free(t->partials);
	free(t->name);
	free(t);
}

/* Loop variables in scope, innermost last. */
struct scope {
	const char *var;
	const struct tv *item;
	unsigned index, count;
	const struct scope *up;
};

static struct tv loop_field = { TV_STR, (char *)"", NULL, NULL, 0, 0, NULL };

/* Resolve a.b.c; loop fields (@index, @first, @last) are written into *tmp. */
static const struct tv *resolve(const char *path, const struct scope *sc, const struct tv *root,
				struct tv *tmp, char *numbuf)
{
	const char *dot = strchr(path, '.');
	size_t n = dot ? (size_t)(dot - path) : strlen(path);
	const struct tv *v = NULL;
	const struct scope *s;

	for (s = sc; s; s = s->up)
		if (strncmp(s->var, path, n) == 0 && s->var[n] == '\0')
			break;
	v = s ? s->item : tv_get(root, path, n);
	while (v && dot) {
		path = dot + 1;
		dot = strchr(path, '.');
		n = dot ? (size_t)(dot - path) : strlen(path);
		if (s && path[0] == '@' && !dot) {
			*tmp = loop_field;
			if (strcmp(path, "@index") == 0)
				snprintf(numbuf, 16, "%u", s->index);
			else if (strcmp(path, "@first") == 0)
				strcpy(numbuf, s->index == 0 ? "1" : "");
			else if (strcmp(path, "@last") == 0)
				strcpy(numbuf, s->index + 1 == s->count ? "1" : "");
			else
				return NULL;
			tmp->str = numbuf;
			return tmp;
		}
		v = tv_get(v, path, n);
		s = NULL;
	}
	return v;
}

static bool truthy(const struct tv *v)
{
	if (v->kind == TV_STR)
		return v->str[0] != '\0';
	return v->kind == TV_OBJ || v->n > 0;
}

static bool check_seq(const struct template *t, const struct node *n, const struct scope *sc,
		      const struct tv *root)
{
	bool ok = true;

	for (; n; n = n->next) {
		struct tv tmp;
		char num[16];

		if (n->kind == N_TEXT)
			continue;
		if (n->kind == N_PARTIAL) {	/* checked where it is used, in that scope */
			ok &= check_seq(t, n->body, sc, root);
			continue;
		}
		const struct tv *v = resolve(n->text, sc, root, &tmp, num);

		if (!v) {
			error_at(t->name, n->line, n->col, "unknown name '%s'", n->text);
			ok = false;
			continue;
		}
		if (n->kind == N_VAR && v->kind != TV_STR) {
			error_at(t->name, n->line, n->col, "'%s' is a %s, not a string", n->text,
				 v->kind == TV_LIST ? "list" : "group of names");
			ok = false;
		} else if (n->kind == N_FOR && v->kind != TV_LIST) {
			error_at(t->name, n->line, n->col, "'%s' is not a list", n->text);
			ok = false;
		} else if (n->kind == N_FOR) {
			struct scope inner = { n->var, v->proto, 0, 1, sc };

			ok &= check_seq(t, n->body, &inner, root);
		} else if (n->kind == N_IF) {
			ok &= check_seq(t, n->body, sc, root);
			ok &= check_seq(t, n->alt, sc, root);
		}
	}
	return ok;
}

bool template_check(const struct template *t, const struct tv *root)
{
	return check_seq(t, t->root, NULL, root);
}

static void render_seq(const struct node *n, const struct scope *sc, const struct tv *root,
		       struct buf *out)
{
	for (; n && out->len <= MAX_TEMPLATE_OUTPUT; n = n->next) {
		struct tv tmp;
		char num[16];
		const struct tv *v;

		if (n->kind == N_TEXT) {
			buf_puts(out, n->text);
			continue;
		}
		if (n->kind == N_PARTIAL) {
			render_seq(n->body, sc, root, out);
			continue;
		}
		v = resolve(n->text, sc, root, &tmp, num);
		if (n->kind == N_VAR) {
			buf_puts(out, v->str);
		} else if (n->kind == N_IF) {
			render_seq(truthy(v) != n->negate ? n->body : n->alt, sc, root, out);
		} else {
			for (unsigned i = 0; i < v->n; i++) {
				struct scope inner = { n->var, v->items[i], i, v->n, sc };

				render_seq(n->body, &inner, root, out);
			}
		}
	}
}

bool template_render(const struct template *t, const struct tv *root, struct buf *out)
{
	render_seq(t->root, NULL, root, out);
	if (out->len <= MAX_TEMPLATE_OUTPUT)
		return true;
	error_at(t->name, 0, 0, "renders more than %u MiB: a loop nested in a loop over the "
		 "hooks?", MAX_TEMPLATE_OUTPUT >> 20);
	return false;
}
