/*
 * unit.c: an LSM source file's translation unit as the scan reads it: the .c and the
 * local headers its quoted includes reach (through Kbuild's -I), each lexed once per run
 * whoever includes it, and their #defines, indexed by name, in force from their
 * definition to their #undef as cpp reads the unit in order.
 */
#include "unit.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "alloc.h"
#include "cond.h"
#include "files.h"
#include "lex.h"
#include "strlist.h"

/*
 * What the run knows of each path it met, in an open-addressed table: whether it is a
 * regular file (asked of the file system once: every unit of a directory looks for the
 * same headers), and the file as lexed (once, whoever includes it).
 */
static struct known {
	char *path;
	bool stated, regular;
	bool read;
	struct lexed *lexed;	/* NULL when unreadable */
	bool glanced;
	struct glance *glance;	/* NULL when unreadable */
	char *text;		/* read by the glance, for the lexer to take */
	size_t len;
} *known;
static size_t nknown, known_size;

static size_t path_hash(const char *s)
{
	size_t h = 5381;

	for (; *s; s++)
		h = h * 33 + (unsigned char)*s;
	return h;
}

static void grow_known(void)
{
	struct known *old = known;
	size_t old_size = known_size;

	known_size = known_size ? 2 * known_size : 1024;
	known = xcalloc(known_size, sizeof(*known));
	for (size_t i = 0; i < old_size; i++) {
		if (!old[i].path)
			continue;
		size_t h = path_hash(old[i].path) % known_size;

		while (known[h].path)
			h = (h + 1) % known_size;
		known[h] = old[i];
	}
	free(old);
}

/* The entry of path, made on first sight. */
static struct known *know(const char *path)
{
	if (2 * (nknown + 1) > known_size)
		grow_known();
	size_t h = path_hash(path) % known_size;

	for (; known[h].path; h = (h + 1) % known_size)
		if (!strcmp(known[h].path, path))
			return &known[h];
	known[h].path = xstrdup(path);
	nknown++;
	return &known[h];
}

static bool is_regular(const char *path)
{
	struct known *k = know(path);

	if (!k->stated) {
		struct stat st;

		k->regular = stat(path, &st) == 0 && S_ISREG(st.st_mode);
		k->stated = true;
	}
	return k->regular;
}

/* The local header "name" (n bytes) of a file at from, found as cpp finds it: beside it
 * first, then in Kbuild's -I directories in order; NULL if none. */
static char *find_local(const struct kbuild_flags *flags, const char *from, const char *name,
			size_t n)
{
	const char *slash = strrchr(from, '/');
	char *path = xasprintf("%.*s%.*s", slash ? (int)(slash - from + 1) : 0, from, (int)n,
			       name);

	for (unsigned k = 0; !is_regular(path) && flags && k < flags->include_dirs.n; k++) {
		free(path);
		path = xasprintf("%s/%.*s", flags->include_dirs.v[k], (int)n, name);
	}
	if (is_regular(path))
		return path;
	free(path);
	return NULL;
}

/*
 * The local header a '#include "x"' directive at tokens [i, end) of f names, or NULL:
 * found as cpp finds it, beside f first, then in Kbuild's -I directories in order.
 */
char *local_include(const struct unit *u, const struct lexed *f, unsigned i, unsigned end)
{
	const struct tok *v = f->t.v;

	if (i + 3 != end || !tok_is(&v[i + 1], "include") || v[i + 2].kind != TOK_LITERAL ||
	    v[i + 2].text[0] != '"')
		return NULL;
	return find_local(u->flags, f->path, v[i + 2].text + 1, strlen(v[i + 2].text) - 2);
}

static void add_define(struct unit *u, unsigned file, unsigned i, unsigned end)
{
	const struct tok *v = u->files[file].t.v;

	if (i + 2 >= end || !tok_is(&v[i + 1], "define") || v[i + 2].kind == TOK_LITERAL)
		return;
	struct macro m = { NULL, file, xstrdup(v[i + 2].text), false, { 0 }, i + 3, end, i,
			   false, false };

	/* function-like when '(' touches the name */
	if (i + 3 < end && tok_is(&v[i + 3], "(") && v[i + 3].off == v[i + 2].end) {
		unsigned k = i + 4;

		m.function_like = true;
		for (; k < end && !tok_is(&v[k], ")"); k++)
			if (!tok_is(&v[k], ","))
				strlist_add(&m.params, v[k].text);
		m.body = k + 1 < end ? k + 1 : end;
	}
	u->macros = xrealloc(u->macros, (u->nmacros + 1) * sizeof(*u->macros));
	u->macros[u->nmacros++] = m;
}

/* The first w (n bytes, n > 0) in [p, end), or NULL. */
static const char *find(const char *p, const char *end, const char *w, size_t n)
{
	for (; n && (p = memchr(p, w[0], (size_t)(end - p))) && (size_t)(end - p) >= n; p++)
		if (!memcmp(p, w, n))
			return p;
	return NULL;
}

static bool ident_char(char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9');
}

/*
 * Could text register a hook or name an LSM: does it say LSM_HOOK_INIT (any of them; a
 * macro that reaches one says it in its body), DEFINE_LSM or DEFINE_EARLY_LSM (the names,
 * not DEFINE_LSM_STATIC_CALL), in comments too (a superset); or splice a name across
 * lines, which the lexer joins and no search of the text finds ("LSM_\\" then
 * "HOOK_INIT")?
 */
static bool says_lsm_words(const char *text, size_t len)
{
	const char *end = text + len;

	/* each says "LSM" */
	for (const char *p = text; (p = find(p, end, "LSM", 3)); p++) {
		bool name_ends = p + 3 == end || !ident_char(p[3]);

		if ((end - p >= 13 && !memcmp(p, "LSM_HOOK_INIT", 13)) ||
		    (name_ends && p - text >= 7 && !memcmp(p - 7, "DEFINE_", 7)) ||
		    (name_ends && p - text >= 13 && !memcmp(p - 13, "DEFINE_EARLY_", 13)))
			return true;
	}
	for (const char *p = text; (p = memchr(p, '\\', (size_t)(end - p))); p++) {
		const char *n = p + 1 + (p + 1 < end && p[1] == '\r');

		if (n + 1 < end && *n == '\n' && p > text && ident_char(p[-1]) && ident_char(n[1]))
			return true;
	}
	return false;
}

/* The file at path as lexed, once per run (units share it); NULL if unreadable. */
static const struct lexed *lex_once(const char *path)
{
	struct known *k = know(path);
	size_t len;

	if (k->read)
		return k->lexed;
	k->read = true;
	char *text = k->text ? k->text : read_file(path, &len);

	if (k->text)
		len = k->len;
	k->text = NULL;		/* the lexed file owns it now */
	if (!text)
		return NULL;
	struct lexed *f = k->lexed = xcalloc(1, sizeof(*k->lexed));

	f->path = xstrdup(path);
	f->text = text;
	f->len = len;
	lex_source(text, len, &f->t);
	/* the directives, found as the walk finds them: a '#' that starts one */
	for (unsigned i = 0, next = 0; i < f->t.n; i++) {
		if (!tok_is(&f->t.v[i], "#") || i < next)
			continue;
		next = directive_end(&f->t, f->text, i);
		f->directives = xrealloc(f->directives, (f->ndirectives + 1) *
					 sizeof(*f->directives));
		f->directives[f->ndirectives][0] = i;
		f->directives[f->ndirectives++][1] = next;
	}
	f->lsm_words = says_lsm_words(text, len);
	return f;
}

bool lexed_mentions(const struct lexed *f, const char *word)
{
	return find(f->text, f->text + f->len, word, strlen(word)) != NULL;
}

/* What a look at a file's text says, before any lexing. */
struct glance {
	bool words;	/* it may register or name an LSM: a word that does, or a name
			 * spliced across lines, which no text search finds */
	bool unsure;	/* an #include its text alone does not say (a comment or a macro) */
	struct strlist includes;	/* the x of each #include "x", in #if 0 too */
};

/* Past blanks, comments and line splices at p, as the preprocessor skips them inside a
 * line. */
static const char *skip_blanks(const char *p, const char *end)
{
	while (p < end) {
		if (*p == ' ' || *p == '\t') {
			p++;
		} else if (*p == '\\' && p + 1 < end && (p[1] == '\n' || p[1] == '\r')) {
			p += 2 + (p[1] == '\r' && p + 2 < end && p[2] == '\n');
		} else if (*p == '/' && p + 1 < end && p[1] == '*') {
			const char *close = find(p + 2, end, "*/", 2);

			p = close ? close + 2 : end;
		} else {
			break;
		}
	}
	return p;
}

/* The quoted name of each "#include", as the text says it (in #if 0 and comments too);
 * unsure where the text alone cannot say it (#include MACRO). */
static void glance_includes(const char *s, size_t len, struct glance *g)
{
	const char *end = s + len;

	for (const char *p = s; p < end; p++) {
		/* the next '#', or its digraph "%:" */
		const char *hash = memchr(p, '#', (size_t)(end - p));
		const char *digraph = find(p, hash ? hash : end, "%:", 2);

		if (!hash && !digraph)
			break;
		p = digraph ? digraph + 1 : hash;
		const char *w = skip_blanks(p + 1, end);

		if ((size_t)(end - w) < 7 || memcmp(w, "include", 7) ||
		    (w + 7 < end && ident_char(w[7])))
			continue;
		const char *r = skip_blanks(w + 7, end);
		const char *close = r < end && *r == '"' ?
				    memchr(r + 1, '"', (size_t)(end - r - 1)) : NULL;

		if (r < end && *r == '<')
			continue;	/* a system header: the scan reads local ones */
		if (close && !memchr(r + 1, '\n', (size_t)(close - r - 1))) {
			char *name = xstrndup(r + 1, (size_t)(close - r - 1));

			strlist_add_unique(&g->includes, name);
			free(name);
		} else {
			g->unsure = true;
		}
	}
}

static struct glance *glance_at(const char *path)
{
	struct known *k = know(path);

	if (k->glanced)
		return k->glance;
	k->glanced = true;
	if (k->read)
		k->text = NULL;		/* lexed already: read its text there */
	const struct lexed *f = k->read ? k->lexed : NULL;
	const char *text = f ? f->text : k->read ? NULL : (k->text = read_file(path, &k->len));
	size_t len = f ? f->len : k->len;

	if (!text)
		return NULL;
	struct glance *g = k->glance = xcalloc(1, sizeof(*g));

	g->words = says_lsm_words(text, len);
	glance_includes(text, len, g);
	free(k->text);		/* most files are never lexed: their memory serves the next */
	k->text = NULL;
	return g;
}

/* unit_may_register() of path and the local headers it reaches, each looked at once. */
static bool closure_may_register(const char *path, const struct kbuild_flags *flags,
				 struct strlist *seen)
{
	if (!strlist_add_unique(seen, path))
		return false;
	const struct glance *g = glance_at(path);

	if (!g || g->words || g->unsure)
		return true;	/* unreadable: the scan says so */
	for (unsigned i = 0; i < g->includes.n; i++) {
		char *inc = find_local(flags, path, g->includes.v[i], strlen(g->includes.v[i]));
		bool may = inc && closure_may_register(inc, flags, seen);

		free(inc);
		if (may)
			return true;
	}
	return false;
}

bool unit_may_register(const char *path, const struct kbuild_flags *flags)
{
	struct strlist seen = { 0 };
	bool may = closure_may_register(path, flags, &seen);

	strlist_free(&seen);
	return may;
}

static void lexed_free(struct lexed *f)
{
	if (f) {
		free(f->path);
		free(f->text);
		tokens_free(&f->t);
		free(f->directives);
		free(f);
	}
}

void unit_release(const char *path)
{
	struct known *k = know(path);

	lexed_free(k->lexed);
	k->lexed = NULL;
	k->read = false;
}

void unit_forget_files(void)
{
	for (size_t i = 0; i < known_size; i++) {
		lexed_free(known[i].lexed);
		if (known[i].glance) {
			strlist_free(&known[i].glance->includes);
			free(known[i].glance);
		}
		free(known[i].text);
		free(known[i].path);
	}
	free(known);
	known = NULL;
	nknown = known_size = 0;
}

/* Lex path and, through its quoted includes, every local header it reaches. */
bool gather(struct unit *u, const char *path, unsigned depth)
{
	for (unsigned i = 0; i < u->nfiles; i++)
		if (!strcmp(u->files[i].path, path))
			return true;	/* included twice: its guard keeps it once */
	const struct lexed *once = lex_once(path);

	if (!once)
		return false;
	struct lexed f = *once;		/* shared: the unit frees none of it */

	u->files = xrealloc(u->files, (u->nfiles + 1) * sizeof(*u->files));
	u->files[u->nfiles++] = f;
	/* files[] may move below: work from an index */
	unsigned me = u->nfiles - 1;

	for (unsigned d = 0; d < once->ndirectives; d++) {
		char *inc = local_include(u, once, once->directives[d][0], once->directives[d][1]);

		if (inc && depth < MAX_INCLUDE_DEPTH)
			gather(u, inc, depth + 1);
		free(inc);
	}
	for (unsigned d = 0; d < once->ndirectives; d++)
		add_define(u, me, once->directives[d][0], once->directives[d][1]);
	return true;
}

static const struct macro *sorting;	/* the macros by_name() orders, for qsort */

static int by_name(const void *a, const void *b)
{
	unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
	int c = strcmp(sorting[x].name, sorting[y].name);

	return c ? c : (x > y) - (x < y);
}

/* Index the macros by name, once every file is gathered. */
void index_macros(struct unit *u)
{
	u->by_name = xcalloc(u->nmacros + 1, sizeof(*u->by_name));
	for (unsigned i = 0; i < u->nmacros; i++)
		u->by_name[i] = i;
	sorting = u->macros;
	qsort(u->by_name, u->nmacros, sizeof(*u->by_name), by_name);
}

/* The first position in by_name of a macro called name (u->nmacros if none). */
static unsigned first_named(const struct unit *u, const char *name)
{
	unsigned lo = 0, hi = u->nmacros;

	while (lo < hi) {
		unsigned mid = lo + (hi - lo) / 2;

		if (strcmp(u->macros[u->by_name[mid]].name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < u->nmacros && !strcmp(u->macros[u->by_name[lo]].name, name) ?
	       lo : u->nmacros;
}

/* The definitions of a name, first to last: for (k = first_named(); NAMED(u, k, s); k++) */
#define NAMED(unit, k, str) \
	((k) < (unit)->nmacros && !strcmp((unit)->macros[(unit)->by_name[k]].name, (str)))

const struct macro *find_macro(const struct unit *u, const char *name, unsigned *count)
{
	const struct macro *found = NULL;

	*count = 0;
	for (unsigned k = first_named(u, name); NAMED(u, k, name); k++) {
		const struct macro *m = &u->macros[u->by_name[k]];

		if (!u->walking || m->live) {
			found = found ? found : m;
			(*count)++;
		}
	}
	return found;
}

/*
 * The kernel's macros that make one hook list entry from (hook, function): LSM_HOOK_INIT,
 * and LSM_HOOK_INIT_RUNTIME (the BPF LSM's under the series' runtime toggle: a slot like
 * any other, that starts off).
 */
bool registers(const char *name)
{
	return !strcmp(name, "LSM_HOOK_INIT") || !strcmp(name, "LSM_HOOK_INIT_RUNTIME");
}

/*
 * Another LSM_HOOK_INIT* of a header lsmgen does not read: it may register, so its uses
 * make the LSM opaque (every hook kept at MAX_LSM_COUNT slots, with a warning) rather
 * than counting nothing.
 */
bool unknown_registration(const char *name)
{
	return !strncmp(name, "LSM_HOOK_INIT", strlen("LSM_HOOK_INIT")) && !registers(name);
}

bool reaches(const struct unit *u, const char *name)
{
	unsigned n;

	/* while walking, most names are none of these: a short list says so */
	if (u->walking && strncmp(name, "LSM_HOOK_INIT", strlen("LSM_HOOK_INIT")) &&
	    !strlist_has(&u->reaching, name))
		return false;
	const struct macro *m = find_macro(u, name, &n);

	if (registers(name) || (!m && unknown_registration(name)))
		return true;
	for (unsigned k = first_named(u, name); m && NAMED(u, k, name); k++)
		if (u->macros[u->by_name[k]].reaches)
			return true;
	return false;
}

/* Mark every macro whose body names LSM_HOOK_INIT or a macro that does, to a fixed point. */
void mark_reaching(struct unit *u)
{
	for (bool changed = true; changed;) {
		changed = false;
		for (unsigned i = 0; i < u->nmacros; i++) {
			struct macro *m = &u->macros[i];

			for (unsigned k = m->body; !m->reaches && k < m->end; k++)
				if (m->f->t.v[k].kind == TOK_IDENT &&
				    strcmp(m->f->t.v[k].text, m->name) &&
				    reaches(u, m->f->t.v[k].text))
					changed = m->reaches = true;
		}
	}
}

/*
 * #define and #undef at token i of f, in the order cpp reads them: a macro applies from
 * its definition to its #undef (or the next definition of its name), as in gcc -E.
 */
void track_macro(struct unit *u, const struct lexed *f, unsigned i, unsigned next)
{
	const struct tok *v = f->t.v;
	bool def = tok_is(&v[i + 1], "define");

	if (i + 2 >= next || (!def && !tok_is(&v[i + 1], "undef")))
		return;
	for (unsigned k = first_named(u, v[i + 2].text); NAMED(u, k, v[i + 2].text); k++) {
		struct macro *m = &u->macros[u->by_name[k]];

		m->live = def && m->f == f && m->at == i;
	}
}

void unit_free(struct unit *u)
{
	for (unsigned i = 0; i < u->nmacros; i++) {
		free(u->macros[i].name);
		strlist_free(&u->macros[i].params);
	}
	free(u->files);
	free(u->macros);
	free(u->by_name);
	strlist_free(&u->reaching);
}
