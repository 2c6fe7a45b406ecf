/* lsmcount.c: the LSM list of a kernel's own lsm_count.h, read from its tokens. */
#include "lsmcount.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "clang.h"
#include "cond.h"

static const char *registry_name(const struct lsm_registry *names, const char *kconfig)
{
	const struct lsm *l = registry_find(names, kconfig, true);

	return l ? l->name : NULL;
}

/* An LSM's name from "#define SELINUX_ENABLED 1,": "selinux". */
static char *name_from_macro(const char *macro)
{
	size_t n = strlen(macro);
	char *s;

	if (n > 8 && strcmp(macro + n - 8, "_ENABLED") == 0)
		n -= 8;
	s = xstrndup(macro, n);
	for (char *p = s; *p; p++)
		if (*p >= 'A' && *p <= 'Z')
			*p = (char)(*p - 'A' + 'a');
	return s;
}

bool lsmcount_read(struct lsm_registry *reg, const char *path, const struct lsm_registry *names)
{
	size_t len;
	char *text = read_file(path, &len);

	if (!text)
		return false;
	struct tokens t = { 0 };

	memset(reg, 0, sizeof(*reg));
	reg->source = xstrdup(path);
	/* Only the tokens matter: <linux/args.h> and friends need not exist. */
	clang_lex(path, text, len, &t);
	for (unsigned i = 0, next = 0; i < t.n; i++) {
		if (!tok_is(&t.v[i], "#") || i < next)
			continue;
		next = directive_end(&t, text, i);
		if (i + 2 < next && tok_is(&t.v[i + 1], "ifdef") && !reg->gate && !reg->n)
			reg->gate = xstrdup(t.v[i + 2].text);
		if (i + 1 >= next || !tok_is(&t.v[i + 1], "if"))
			continue;
		for (unsigned k = i + 2; k + 3 < next; k++) {
			if (!tok_is(&t.v[k], "IS_ENABLED") || !tok_is(&t.v[k + 1], "(") ||
			    !tok_is(&t.v[k + 3], ")"))
				continue;
			const char *sym = t.v[k + 2].text;
			const char *known = registry_name(names, sym);
			struct lsm l = { NULL, xstrdup(sym), t.v[k].line };

			/* The macro the entry defines names the LSM when the registry cannot. */
			unsigned d = next;

			if (known)
				l.name = xstrdup(known);
			else if (d + 2 < t.n && tok_is(&t.v[d], "#") && tok_is(&t.v[d + 1], "define"))
				l.name = name_from_macro(t.v[d + 2].text);
			else
				l.name = name_from_macro(sym + 7);
			reg->lsms = xrealloc(reg->lsms, (reg->n + 1) * sizeof(*reg->lsms));
			reg->lsms[reg->n++] = l;
		}
	}
	bool defines_max = false;

	for (unsigned i = 0; i + 2 < t.n; i++)
		defines_max |= tok_is(&t.v[i], "#") && tok_is(&t.v[i + 1], "define") &&
			       tok_is(&t.v[i + 2], "MAX_LSM_COUNT");
	bool ok = reg->n > 0 && defines_max;

	if (!ok)
		error_at(path, 0, 0, "not an lsm_count.h: it needs '#if IS_ENABLED(CONFIG_...)' "
			 "entries and a definition of MAX_LSM_COUNT");
	tokens_free(&t);
	free(text);
	return ok && registry_check(reg);
}
