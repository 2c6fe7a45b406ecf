/*
 * fingerprint.c: the fingerprint of a tree's registrations, computed as the kernel
 * series' shell script computes it (the two must agree byte for byte: the real-kernel
 * test builds a checked-in tree that checks it).
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fingerprint.h"
#include "alloc.h"
#include "buf.h"
#include "files.h"
#include "sha256.h"
#include "strlist.h"

static const char *const base_words[] = {
	"DEFINE_EARLY_LSM", "DEFINE_LSM", "LSM_HOOK_INIT", "security_add_hooks",
};

void fingerprint_words(const struct strlist *macros, struct strlist *words)
{
	for (size_t i = 0; i < sizeof(base_words) / sizeof(*base_words); i++)
		strlist_add(words, base_words[i]);
	for (unsigned i = 0; macros && i < macros->n; i++)
		strlist_add_unique(words, macros->v[i]);
	strlist_sort(words);
}

/* Regular files (not links, as find -type f) named Makefile, Kbuild or *.c / *.h, under
 * dir. */
static void find_files(const char *dir, const char *rel, struct strlist *makefiles,
		       struct strlist *sources)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	while (d && (e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		char *path = xasprintf("%s/%s", dir, e->d_name);
		char *sub = xasprintf("%s/%s", rel, e->d_name);
		size_t n = strlen(e->d_name);
		struct stat st;

		if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode))
			find_files(path, sub, makefiles, sources);
		else if (S_ISREG(st.st_mode) && (!strcmp(e->d_name, "Makefile") ||
						  !strcmp(e->d_name, "Kbuild")))
			strlist_add(makefiles, sub);
		else if (S_ISREG(st.st_mode) && n > 2 && e->d_name[n - 2] == '.' &&
			 (e->d_name[n - 1] == 'c' || e->d_name[n - 1] == 'h'))
			strlist_add(sources, sub);
		free(path);
		free(sub);
	}
	if (d)
		closedir(d);
}

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r';
}

/*
 * ^[[:space:]]*#[[:space:]]*(if|elif|else|endif|include|define|undef), as grep -E matches
 * it: the conditions, the headers, and the macros (one may name a hook, or rename one).
 */
static bool is_directive(const char *s, const char *end)
{
	static const char *const kw[] = { "if", "elif", "else", "endif", "include", "define",
					  "undef" };

	while (s < end && is_space(*s))
		s++;
	if (s == end || *s++ != '#')
		return false;
	while (s < end && is_space(*s))
		s++;
	for (size_t i = 0; i < sizeof(kw) / sizeof(*kw); i++)
		if ((size_t)(end - s) >= strlen(kw[i]) && !memcmp(s, kw[i], strlen(kw[i])))
			return true;
	return false;
}

static bool has_word(const char *s, const char *end, const struct strlist *words)
{
	for (unsigned i = 0; i < words->n; i++) {
		size_t n = strlen(words->v[i]);

		for (const char *p = s; (size_t)(end - p) >= n; p++)
			if (!memcmp(p, words->v[i], n))
				return true;
	}
	return false;
}

/* grep -H: each chosen line of rel as "rel:line\n" (a last line without '\n' gets one). */
static bool add_lines(struct buf *b, const char *kdir, const char *rel,
		      const struct strlist *words)
{
	char *path = xasprintf("%s/%s", kdir, rel);
	size_t len;
	char *text = read_file(path, &len);

	free(path);
	if (!text)
		return false;
	if (words && !has_word(text, text + len, words)) {
		free(text);
		return true;
	}
	for (const char *s = text, *end = text + len; s < end;) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		const char *eol = nl ? nl : end;

		if (!words || is_directive(s, eol) || has_word(s, eol, words)) {
			buf_printf(b, "%s:", rel);
			buf_add(b, s, (size_t)(eol - s));
			buf_putc(b, '\n');
		}
		s = nl ? nl + 1 : end;
	}
	free(text);
	return true;
}

bool tree_fingerprint(const char *kdir, const struct strlist *words, char hex[65])
{
	struct strlist makefiles = { 0 }, sources = { 0 };
	char *security = xasprintf("%s/security", kdir);
	char *count_h = xasprintf("%s/include/linux/lsm_count.h", kdir);
	struct buf b = { 0 };
	struct stat st;
	bool ok = add_lines(&b, kdir, "include/linux/lsm_hook_defs.h", NULL);

	if (ok && stat(count_h, &st) == 0)
		ok = add_lines(&b, kdir, "include/linux/lsm_count.h", NULL);
	find_files(security, "security", &makefiles, &sources);
	strlist_sort(&makefiles);
	strlist_sort(&sources);
	for (unsigned i = 0; ok && i < makefiles.n; i++)
		ok = add_lines(&b, kdir, makefiles.v[i], NULL);
	for (unsigned i = 0; ok && i < sources.n; i++)
		ok = add_lines(&b, kdir, sources.v[i], words);
	if (ok)
		sha256_hex(b.s ? b.s : "", b.len, hex);
	buf_free(&b);
	strlist_free(&makefiles);
	strlist_free(&sources);
	free(security);
	free(count_h);
	return ok;
}
