/* config.c: read Kconfig output exactly as Kconfig writes it, with the kernel's semantics. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "buf.h"
#include "diag.h"
#include "files.h"

struct sym {
	char *name;		/* with the CONFIG_ prefix */
	enum cfg_kind kind;
	char *value;		/* decoded string, or the number's text */
};

struct config {
	char *path;
	enum cfg_format format;
	struct sym *syms;	/* in order of first appearance */
	unsigned nsyms, cap;
	unsigned *slots;	/* open-addressing hash: index + 1 into syms, 0 = empty */
	unsigned nslots;
};

static uint32_t hash(const char *s, size_t n)
{
	uint32_t h = 2166136261u;

	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h;
}

static unsigned *lookup_slot(const struct config *cfg, const char *name, size_t n)
{
	unsigned mask = cfg->nslots - 1;

	for (unsigned i = hash(name, n) & mask;; i = (i + 1) & mask) {
		unsigned *slot = &cfg->slots[i];

		if (!*slot)
			return slot;
		const char *have = cfg->syms[*slot - 1].name;

		if (strncmp(have, name, n) == 0 && have[n] == '\0')
			return slot;
	}
}

static void grow(struct config *cfg)
{
	unsigned nslots = cfg->nslots ? cfg->nslots * 2 : 1024;

	free(cfg->slots);
	cfg->slots = xcalloc(nslots, sizeof(*cfg->slots));
	cfg->nslots = nslots;
	for (unsigned i = 0; i < cfg->nsyms; i++) {
		const char *name = cfg->syms[i].name;

		*lookup_slot(cfg, name, strlen(name)) = i + 1;
	}
}

/* Record sym = value; the last assignment of a symbol wins, as in Kconfig. */
static void set(struct config *cfg, const char *name, size_t n, enum cfg_kind kind, char *value)
{
	if ((cfg->nsyms + 1) * 2 > cfg->nslots)
		grow(cfg);
	unsigned *slot = lookup_slot(cfg, name, n);

	if (*slot) {
		struct sym *s = &cfg->syms[*slot - 1];

		free(s->value);
		s->kind = kind;
		s->value = value;
		return;
	}
	if (cfg->nsyms == cfg->cap) {
		cfg->cap = cfg->cap ? cfg->cap * 2 : 256;
		cfg->syms = xrealloc(cfg->syms, cfg->cap * sizeof(*cfg->syms));
	}
	cfg->syms[cfg->nsyms] = (struct sym){ xstrndup(name, n), kind, value };
	*slot = ++cfg->nsyms;
}

static size_t symbol_len(const char *p)
{
	size_t n = 0;

	if (strncmp(p, "CONFIG_", 7) != 0)
		return 0;
	n = 7;
	while (p[n] == '_' || (p[n] >= 'A' && p[n] <= 'Z') || (p[n] >= 'a' && p[n] <= 'z') ||
	       (p[n] >= '0' && p[n] <= '9'))
		n++;
	return n > 7 ? n : 0;
}

static bool is_number(const char *p, const char *end)
{
	if (end - p > 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		for (p += 2; p < end; p++)
			if (!strchr("0123456789abcdefABCDEF", *p))
				return false;
		return true;
	}
	if (p < end && *p == '-')
		p++;
	if (p == end)
		return false;
	for (; p < end; p++)
		if (*p < '0' || *p > '9')
			return false;
	return true;
}

/*
 * Decode a Kconfig string value as kconfig's conf_read_simple() does: from the opening
 * quote to the first unescaped one, a backslash taking the next character as it is; what
 * follows the closing quote is ignored. NULL when the string is not closed.
 */
static char *unquote(const char *p, const char *end)
{
	struct buf b = { 0 };

	if (p == end || *p != '"')
		return NULL;
	buf_add(&b, "", 0);
	for (p++; p < end; p++) {
		if (*p == '"')
			return b.s;
		if (*p == '\\' && ++p == end)
			break;
		buf_putc(&b, *p);
	}
	buf_free(&b);
	return NULL;
}

/*
 * The value of CONFIG_X=value in a .config or auto.conf, read as kconfig reads it: a bool
 * or tristate by its first character ("yes" and "y # note" are y, "no" is n), a string
 * from its quotes, a number whole. The symbol's type is not known here, so a value is
 * taken by its shape; the symbols that decide counts are bools, read exactly so.
 */
static bool parse_assignment(struct config *cfg, const char *name, size_t n, const char *v,
			     const char *end, enum cfg_format format)
{
	size_t len = (size_t)(end - v);
	char *s;

	if (format != CFG_AUTOCONF_H && len && (*v == 'y' || *v == 'm' || *v == 'n')) {
		set(cfg, name, n, *v == 'y' ? CFG_Y : *v == 'm' ? CFG_M : CFG_UNSET, NULL);
		return true;
	}
	if (is_number(v, end)) {
		set(cfg, name, n, CFG_NUMBER, xstrndup(v, len));
		return true;
	}
	if (len && *v == '"') {
		s = unquote(v, end);
		if (!s)
			return false;
		set(cfg, name, n, CFG_STRING, s);
		return true;
	}
	/* auto.conf may hold unquoted strings; to cpp, any other #define is defined, not 1 */
	if (format != CFG_DOT_CONFIG && len) {
		set(cfg, name, n, CFG_STRING, xstrndup(v, len));
		return true;
	}
	return false;
}

static void parse_define(struct config *cfg, const char *path, unsigned lineno, const char *p,
			 const char *end)
{
	size_t n = symbol_len(p);
	const char *v = p + n;

	if (!n || (v < end && *v != ' ' && *v != '\t')) {
		warn_at(path, lineno, 1, "not a CONFIG_ definition; line skipped");
		return;
	}
	while (v < end && (*v == ' ' || *v == '\t'))
		v++;
	while (end > v && (end[-1] == ' ' || end[-1] == '\t'))
		end--;
	if (n > 14 && strncmp(p + n - 7, "_MODULE", 7) == 0 && end - v == 1 && *v == '1') {
		set(cfg, p, n - 7, CFG_M, NULL);
		return;
	}
	if (end - v == 1 && *v == '1') {
		set(cfg, p, n, CFG_Y, NULL);
		return;
	}
	if (!parse_assignment(cfg, p, n, v, end, CFG_AUTOCONF_H))
		warn_at(path, lineno, (unsigned)(v - p) + 9,
			"cannot read the value of %.*s; line skipped", (int)n, p);
}

static bool starts_with(const char *p, const char *end, const char *prefix)
{
	size_t n = strlen(prefix);

	return (size_t)(end - p) >= n && memcmp(p, prefix, n) == 0;
}

/* Decide the format by content: #define lines mean autoconf.h, "is not set" means .config. */
static enum cfg_format detect(const char *text, size_t len, unsigned *nconfig)
{
	unsigned defines = 0, assigns = 0, notset = 0;
	const char *p = text, *end = text + len;

	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));

		if (!eol)
			eol = end;
		if (starts_with(p, eol, "#define CONFIG_"))
			defines++;
		else if (starts_with(p, eol, "CONFIG_"))
			assigns++;
		else if (starts_with(p, eol, "# CONFIG_")) {
			const char *e = eol > p && eol[-1] == '\r' ? eol - 1 : eol;

			notset += e - p > 11 && memcmp(e - 11, " is not set", 11) == 0;
		}
		p = eol + 1;
	}
	*nconfig = defines + assigns + notset;
	if (defines > assigns + notset)
		return CFG_AUTOCONF_H;
	return notset ? CFG_DOT_CONFIG : CFG_AUTO_CONF;
}

struct config *config_read(const char *path)
{
	size_t len;
	char *text = read_file(path, &len);
	struct config *cfg = text ? config_parse(path, text, len) : NULL;

	free(text);
	return cfg;
}

struct config *config_none(void)
{
	struct config *cfg = xcalloc(1, sizeof(*cfg));

	cfg->path = xstrdup("(no configuration)");
	cfg->format = CFG_DOT_CONFIG;
	grow(cfg);
	return cfg;
}

struct config *config_parse(const char *path, const char *data, size_t len)
{
	unsigned nconfig, lineno = 0;

	if (memchr(data, '\0', len)) {
		error_at(path, 0, 0, "not a Kconfig configuration: the file holds binary data");
		return NULL;
	}
	/* The line parsers below may look one byte past a line: give them a terminator. */
	char *text = xstrndup(data, len);
	struct config *cfg = xcalloc(1, sizeof(*cfg));

	cfg->path = xstrdup(path);
	cfg->format = detect(text, len, &nconfig);
	if (!nconfig) {
		error_at(path, 0, 0, "not a Kconfig configuration: no CONFIG_ symbol in it "
			 "(expected a .config, include/config/auto.conf or "
			 "include/generated/autoconf.h)");
		config_free(cfg);
		free(text);
		return NULL;
	}
	grow(cfg);
	for (const char *p = text, *end = text + len; p < end;) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		const char *next;

		if (!eol)
			eol = end;
		next = eol + 1;
		lineno++;
		if (eol > p && eol[-1] == '\r')
			eol--;
		const char *text_start = p;

		while (p < eol && (*p == ' ' || *p == '\t'))
			p++;
		if (p == eol) {
			p = next;
			continue;
		}
		/* kconfig reads a line only from its first column: "  CONFIG_X=y" sets nothing */
		if (p != text_start && cfg->format != CFG_AUTOCONF_H) {
			warn_at(path, lineno, 1, "kconfig ignores a line that starts with a blank; "
				"line skipped");
			p = next;
			continue;
		}
		if (cfg->format == CFG_AUTOCONF_H) {
			if (starts_with(p, eol, "#define "))
				parse_define(cfg, path, lineno, p + 8, eol);
			else if (!starts_with(p, eol, "/*") && !starts_with(p, eol, "*") &&
				 !starts_with(p, eol, "//"))
				warn_at(path, lineno, 1, "not a CONFIG_ definition; line skipped");
			p = next;
			continue;
		}
		/* "# CONFIG_X is not set", one space each: kconfig takes any other '#' line as a
		 * comment ("#CONFIG_X is not set" leaves X as it was) */
		if (*p == '#') {
			const char *q = p + 2;
			size_t n = p + 1 < eol && p[1] == ' ' ? symbol_len(q) : 0;

			if (n && starts_with(q + n, eol, " is not set") && q + n + 11 == eol)
				set(cfg, q, n, CFG_UNSET, NULL);
			p = next;
			continue;
		}
		size_t n = symbol_len(p);

		if (!n || p[n] != '=') {
			warn_at(path, lineno, 1, "not a CONFIG_ assignment; line skipped");
		} else if (!parse_assignment(cfg, p, n, p + n + 1, eol, cfg->format)) {
			warn_at(path, lineno, (unsigned)n + 2,
				"cannot read the value of %.*s; line skipped", (int)n, p);
		}
		p = next;
	}
	free(text);
	return cfg;
}

void config_free(struct config *cfg)
{
	if (!cfg)
		return;
	for (unsigned i = 0; i < cfg->nsyms; i++) {
		free(cfg->syms[i].name);
		free(cfg->syms[i].value);
	}
	free(cfg->syms);
	free(cfg->slots);
	free(cfg->path);
	free(cfg);
}

/* The kind of sym (with its CONFIG_ prefix); *value gets the text of strings and numbers. */
static enum cfg_kind config_get(const struct config *cfg, const char *sym, const char **value)
{
	unsigned slot = *lookup_slot(cfg, sym, strlen(sym));

	if (value)
		*value = slot ? cfg->syms[slot - 1].value : NULL;
	return slot ? cfg->syms[slot - 1].kind : CFG_UNSET;
}

bool config_is_enabled(const struct config *cfg, const char *sym)
{
	enum cfg_kind k = config_get(cfg, sym, NULL);

	return k == CFG_Y || k == CFG_M;
}

bool config_is_defined(const struct config *cfg, const char *sym)
{
	enum cfg_kind k = config_get(cfg, sym, NULL);

	return k == CFG_Y || k == CFG_STRING || k == CFG_NUMBER;
}

static void put_c_string(struct buf *out, const char *s)
{
	buf_putc(out, '"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			buf_printf(out, "\\%c", c);
		else if (c < 0x20 || c == 0x7f)
			buf_printf(out, "\\%03o", c);
		else
			buf_putc(out, (char)c);
	}
	buf_putc(out, '"');
}

char *config_describe(const struct config *cfg, const char *sym)
{
	const char *v;
	struct buf b = { 0 };

	switch (config_get(cfg, sym, &v)) {
	case CFG_Y:
		return xstrdup("y");
	case CFG_M:
		return xstrdup("m");
	case CFG_NUMBER:
		return xstrdup(v);
	case CFG_STRING:
		put_c_string(&b, v);
		return b.s;
	case CFG_UNSET:
		break;
	}
	return xstrdup("is not set");
}

void config_defines(const struct config *cfg, struct buf *out)
{
	for (unsigned i = 0; i < cfg->nsyms; i++) {
		const struct sym *s = &cfg->syms[i];

		switch (s->kind) {
		case CFG_Y:
			buf_printf(out, "#define %s 1\n", s->name);
			break;
		case CFG_M:
			buf_printf(out, "#define %s_MODULE 1\n", s->name);
			break;
		case CFG_NUMBER:
			buf_printf(out, "#define %s %s\n", s->name, s->value);
			break;
		case CFG_STRING:
			buf_printf(out, "#define %s ", s->name);
			put_c_string(out, s->value);
			buf_putc(out, '\n');
			break;
		case CFG_UNSET:
			break;
		}
	}
}
