/*
 * lex.c: C tokens of a file as written, as clang's raw lexer gives them through
 * clang_tokenize() (no preprocessing; comments dropped; lines spliced at a backslash), in
 * one pass and with no translation unit. tests/lexdiff.c holds it to libclang, token by
 * token, on every file of the kernel trees' security/ and include/.
 */
#include "lex.h"

#include <string.h>

#include "alloc.h"

/* The keywords of C (gnu11, x86-64) in clang's identifier table. */
static const char *const keywords[] = {
	"_Accum", "_Alignas", "_Alignof", "_Atomic", "_BitInt", "_Bool", "_Complex",
	"_Decimal128", "_Decimal32", "_Decimal64", "_ExtInt", "_Float16", "_Fract", "_Generic",
	"_Imaginary", "_Nonnull", "_Noreturn", "_Null_unspecified", "_Nullable",
	"_Nullable_result", "_Sat", "_Static_assert", "_Thread_local", "__FUNCTION__",
	"__PRETTY_FUNCTION__", "__alignof", "__alignof__", "__asm", "__asm__", "__attribute",
	"__attribute__", "__auto_type", "__bf16", "__builtin_COLUMN", "__builtin_FILE",
	"__builtin_FUNCTION", "__builtin_LINE", "__builtin_available", "__builtin_bit_cast",
	"__builtin_choose_expr", "__builtin_convertvector", "__builtin_offsetof",
	"__builtin_omp_required_simd_align", "__builtin_types_compatible_p", "__builtin_va_arg",
	"__cdecl", "__complex", "__complex__", "__const", "__const__", "__extension__",
	"__fastcall", "__float128", "__fp16", "__func__", "__ibm128", "__imag", "__imag__",
	"__inline", "__inline__", "__int128", "__label__", "__module_private__", "__objc_no",
	"__objc_yes", "__pascal", "__private_extern__", "__real", "__real__", "__regcall",
	"__restrict", "__restrict__", "__signed", "__signed__", "__stdcall", "__thiscall",
	"__thread", "__typeof", "__typeof__", "__vectorcall", "__volatile", "__volatile__", "asm",
	"auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else",
	"enum", "extern", "float", "for", "goto", "if", "inline", "int", "long", "register",
	"restrict", "return", "short", "signed", "sizeof", "static", "struct", "switch",
	"typedef", "typeof", "union", "unsigned", "void", "volatile", "while",
};

/* C's punctuators and digraphs, longest first where one starts another. */
static const char *const puncts[] = {
	"%:%:", "...", "<<=", ">>=", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&",
	"||", "*=", "/=", "%=", "+=", "-=", "&=", "^=", "|=", "##", "<:", ":>", "<%", "%>",
	"%:", "[", "]", "(", ")", "{", "}", ".", "&", "*", "+", "-", "~", "!", "/", "%", "<",
	">", "^", "|", "?", ":", ";", "=", ",", "#",
};

#define NKEYWORDS (sizeof(keywords) / sizeof(*keywords))
#define KEYWORD_SLOTS 512	/* a power of two, over twice the keywords */

static unsigned hash(const char *s)
{
	unsigned h = 2166136261u;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

/* An open-addressed table of the keywords, made on first use. */
static bool is_keyword(const char *s)
{
	if (s[0] != '_' && (s[0] < 'a' || s[0] > 'w'))
		return false;	/* every keyword starts so */
	static const char *table[KEYWORD_SLOTS];
	static bool made;

	if (!made) {
		for (size_t i = 0; i < NKEYWORDS; i++) {
			unsigned h = hash(keywords[i]) & (KEYWORD_SLOTS - 1);

			while (table[h])
				h = (h + 1) & (KEYWORD_SLOTS - 1);
			table[h] = keywords[i];
		}
		made = true;
	}
	for (unsigned h = hash(s) % KEYWORD_SLOTS; table[h]; h = (h + 1) % KEYWORD_SLOTS)
		if (!strcmp(table[h], s))
			return true;
	return false;
}

static bool is_hspace(char c)
{
	return c == ' ' || c == '\t' || c == '\f' || c == '\v' || c == '\r';
}

/*
 * The length of a splice at pos (a backslash, horizontal space clang allows with a
 * warning, and a newline), or 0.
 */
static size_t splice_at(const char *s, size_t len, size_t pos)
{
	size_t k = pos + 1;

	if (pos >= len || s[pos] != '\\')
		return 0;
	while (k < len && (s[k] == ' ' || s[k] == '\t' || s[k] == '\f' || s[k] == '\v'))
		k++;
	if (k >= len || (s[k] != '\n' && s[k] != '\r'))
		return 0;
	/* \n, \r, and \r\n or \n\r: one newline to a splice, as clang reads it */
	if (k + 1 < len && (s[k + 1] == '\n' || s[k + 1] == '\r') && s[k + 1] != s[k])
		return k + 2 - pos;
	return k + 1 - pos;
}

/* pos past any splices */
static size_t skip_splices(const char *s, size_t len, size_t pos)
{
	size_t n;

	while ((n = splice_at(s, len, pos)))
		pos += n;
	return pos;
}

/* The character at pos after splices (or 0 at the end), and where the next one is. */
static char peek(const char *s, size_t len, size_t pos, size_t *next)
{
	if (pos < len && s[pos] != '\\') {	/* no splice: the common case */
		*next = pos + 1;
		return s[pos];
	}
	pos = skip_splices(s, len, pos);
	if (pos >= len) {
		*next = len;
		return 0;
	}
	*next = pos + 1;
	return s[pos];
}

static bool is_ident_char(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_' || c == '$';
}

/* The length of a well-formed UTF-8 sequence of 2 to 4 bytes at pos, or 0. */
static size_t utf8_at(const char *s, size_t len, size_t pos)
{
	unsigned char c = (unsigned char)s[pos];
	size_t n = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 :
		   c >= 0xf0 && c <= 0xf4 ? 4 : 0;

	if (!n || pos + n > len)
		return 0;
	for (size_t k = 1; k < n; k++)
		if (((unsigned char)s[pos + k] & 0xc0) != 0x80)
			return 0;
	return n;
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* The value of a hex digit, or -1. */
static int hex_value(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 :
	       c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/*
 * A character beyond ASCII that a name (or pp-number) may hold, at pos (a backslash or a
 * byte >= 0x80, splices already skipped): a universal character name \uXXXX or
 * \UXXXXXXXX, or well-formed UTF-8. Its length in bytes, or 0.
 */
static size_t extended_char_at(const char *s, size_t len, size_t pos)
{
	if ((unsigned char)s[pos] >= 0x80)
		return utf8_at(s, len, pos);
	if (s[pos] != '\\' || pos + 1 >= len || (s[pos + 1] != 'u' && s[pos + 1] != 'U'))
		return 0;
	size_t want = s[pos + 1] == 'u' ? 4 : 8;

	for (size_t d = 0; d < want; d++)
		if (pos + 2 + d >= len || hex_value(s[pos + 2 + d]) < 0)
			return 0;
	return 2 + want;
}

/* The code point of the extended character of n bytes at pos (extended_char_at()). */
static unsigned long code_point(const char *s, size_t pos, size_t n)
{
	const unsigned char *u = (const unsigned char *)s + pos;
	unsigned long c;

	if (u[0] == '\\') {
		c = 0;
		for (size_t i = 2; i < n; i++)
			c = c << 4 | (unsigned long)hex_value((char)u[i]);
		return c;
	}
	c = u[0] & (n == 2 ? 0x1f : n == 3 ? 0x0f : 0x07);
	for (size_t i = 1; i < n; i++)
		c = c << 6 | (u[i] & 0x3f);
	return c;
}

/* Unicode's spaces, which end a name and stand as a token of their own in clang. */
static bool is_unicode_space(unsigned long c)
{
	return c == 0x85 || c == 0xa0 || c == 0x1680 || c == 0x180e ||
	       (c >= 0x2000 && c <= 0x200a) || c == 0x2028 || c == 0x2029 || c == 0x202f ||
	       c == 0x205f || c == 0x3000;
}

/* C11's Annex D: the characters a name may hold, and those it may not start with. */
static bool may_start_name(unsigned long c)
{
	static const unsigned long allowed[][2] = {
		{ 0xa8, 0xa8 }, { 0xaa, 0xaa }, { 0xad, 0xad }, { 0xaf, 0xaf },
		{ 0xb2, 0xb5 }, { 0xb7, 0xba }, { 0xbc, 0xbe }, { 0xc0, 0xd6 },
		{ 0xd8, 0xf6 }, { 0xf8, 0xff }, { 0x100, 0x167f }, { 0x1681, 0x180d },
		{ 0x180f, 0x1fff }, { 0x200b, 0x200d }, { 0x202a, 0x202e },
		{ 0x203f, 0x2040 }, { 0x2054, 0x2054 }, { 0x2060, 0x206f },
		{ 0x2070, 0x218f }, { 0x2460, 0x24ff }, { 0x2776, 0x2793 },
		{ 0x2c00, 0x2dff }, { 0x2e80, 0x2fff }, { 0x3004, 0x3007 },
		{ 0x3021, 0x302f }, { 0x3031, 0x303f }, { 0x3040, 0xd7ff },
		{ 0xf900, 0xfd3d }, { 0xfd40, 0xfdcf }, { 0xfdf0, 0xfe44 },
		{ 0xfe47, 0xfffd },
	};
	static const unsigned long not_first[][2] = {
		{ 0x300, 0x36f }, { 0x1dc0, 0x1dff }, { 0x20d0, 0x20ff }, { 0xfe20, 0xfe2f },
	};
	bool ok = c >= 0x10000 && c <= 0xeffff && (c & 0xffff) <= 0xfffd;

	for (size_t i = 0; !ok && i < sizeof(allowed) / sizeof(*allowed); i++)
		ok = c >= allowed[i][0] && c <= allowed[i][1];
	for (size_t i = 0; ok && i < sizeof(not_first) / sizeof(*not_first); i++)
		ok = !(c >= not_first[i][0] && c <= not_first[i][1]);
	return ok;
}

/*
 * The extended character at pos that continues a name, or 0: any but Unicode's spaces,
 * and UTF-8 only where no splice came before it (clang reads it from the buffer as is).
 */
static size_t continues_name(const char *s, size_t len, size_t pos, bool spliced)
{
	size_t n = extended_char_at(s, len, pos);

	if (!n || (spliced && s[pos] != '\\') || is_unicode_space(code_point(s, pos, n)))
		return 0;
	return n;
}

/* End of an identifier from pos. */
static size_t ident_end(const char *s, size_t len, size_t pos)
{
	/* plain ASCII first: the common case, with no splice, UCN or UTF-8 to read */
	while (pos < len && is_ident_char((unsigned char)s[pos]))
		pos++;
	for (;;) {
		size_t next, n;
		char c = peek(s, len, pos, &next);

		if (c == '\\' || (unsigned char)c >= 0x80) {
			n = continues_name(s, len, next - 1, next - 1 != pos);
			if (!n)
				return pos;	/* clang ends the name there */
			pos = next - 1 + n;
			continue;
		}
		if (!c || !is_ident_char((unsigned char)c))
			return pos;
		pos = next;
	}
}

/* End of a pp-number that starts at pos: digits, letters, '_', '.', e+ e- p+ p-, and the
 * characters of extended_char_at() (not '$'). */
static size_t number_end(const char *s, size_t len, size_t pos)
{
	char prev = 0;

	for (;;) {
		size_t next, n;
		char c = peek(s, len, pos, &next);

		if (c && c != '$' && (is_ident_char((unsigned char)c) || c == '.')) {
			prev = c;
			pos = next;
		} else if ((c == '+' || c == '-') &&
			   (prev == 'e' || prev == 'E' || prev == 'p' || prev == 'P')) {
			prev = c;
			pos = next;
		} else if ((c == '\\' || (unsigned char)c >= 0x80) &&
			   (n = continues_name(s, len, next - 1, next - 1 != pos))) {
			prev = 0;
			pos = next - 1 + n;
		} else {
			return pos;
		}
	}
}

/*
 * The end of a char or string literal whose opening quote is at pos: past its closing
 * quote; or, with *closed false, where its line ends, which clang's raw lexer makes the
 * end of one unknown token.
 */
static size_t quoted_end(const char *s, size_t len, size_t pos, char quote, bool *closed)
{
	size_t next;

	*closed = false;
	peek(s, len, pos, &next);	/* the quote */
	pos = next;
	size_t first = pos;

	for (;;) {
		char c = peek(s, len, pos, &next);

		if (!c && next >= len)
			return len;
		if (c == '\n' || c == '\r')
			return next - 1;
		if (c == quote) {
			/* '' is no char constant: clang makes it one unknown token */
			*closed = quote != '\'' || pos != first;
			return next;
		}
		pos = next;
		if (c == '\\') {
			c = peek(s, len, pos, &next);
			if (!c && next >= len)
				return len;
			if (c != '\n' && c != '\r')
				pos = next;
		}
	}
}

/* The code point of hex digits h[0, n) as UTF-8 at out; its length. */
static size_t put_utf8(char *out, const char *h, size_t n)
{
	unsigned long c = 0;

	for (size_t i = 0; i < n; i++)
		c = c << 4 | (unsigned long)hex_value(h[i]);
	if (c < 0x80) {
		out[0] = (char)c;
		return 1;
	}
	if (c < 0x800) {
		out[0] = (char)(0xc0 | c >> 6);
		out[1] = (char)(0x80 | (c & 0x3f));
		return 2;
	}
	if (c < 0x10000) {
		out[0] = (char)(0xe0 | c >> 12);
		out[1] = (char)(0x80 | (c >> 6 & 0x3f));
		out[2] = (char)(0x80 | (c & 0x3f));
		return 3;
	}
	out[0] = (char)(0xf0 | (c >> 18 & 0x07));
	out[1] = (char)(0x80 | (c >> 12 & 0x3f));
	out[2] = (char)(0x80 | (c >> 6 & 0x3f));
	out[3] = (char)(0x80 | (c & 0x3f));
	return 4;
}

/*
 * Token texts, one after another in a block of twice the text's length and one byte: a
 * spelling is never longer than what it spells, and each takes one NUL.
 */
struct texts {
	char *block;
	size_t used;
};

/* [a, b) as written, or with its splices taken out, as clang spells a name. */
static char *put(struct texts *x, const char *s, size_t a, size_t b, bool unspliced,
		 size_t *length)
{
	char *out = x->block + x->used;
	size_t n = 0;

	if (!unspliced || !memchr(s + a, '\\', b - a)) {
		memcpy(out, s + a, b - a);
		n = b - a;
		a = b;
	}
	for (size_t p = a; p < b;) {
		size_t k = unspliced && s[p] == '\\' ? splice_at(s, b, p) : 0;

		if (k) {
			p += k;
			continue;
		}
		if (unspliced && s[p] == '\\' && (k = extended_char_at(s, b, p))) {
			n += put_utf8(out + n, s + p + 2, k - 2);	/* clang spells a UCN so */
			p += k;
			continue;
		}
		out[n++] = s[p++];
	}
	out[n] = '\0';
	x->used += n + 1;
	*length = n;
	return out;
}

/* An encoding prefix (L, u, U, u8) at [pos, id) followed by a quote at id: the quote. */
static char literal_after_prefix(const char *s, size_t len, size_t pos, size_t id)
{
	char p[3] = "";
	size_t n = 0, next;
	char q = peek(s, len, id, &next);

	for (size_t k = pos; k < id; k = next) {
		char c = peek(s, len, k, &next);

		if (n == 2 || !c)
			return 0;
		p[n++] = c;
	}
	p[n] = '\0';
	bool prefix = !strcmp(p, "L") || !strcmp(p, "u") || !strcmp(p, "U") ||
		      (!strcmp(p, "u8") && q == '"');

	return prefix && (q == '"' || q == '\'') ? q : 0;
}

/* Where the lexer is: the text, the line it is on, and where that line starts. */
struct lexer {
	const char *s;
	size_t len;
	unsigned line;
	size_t line_start;
};

/* Count the lines that end inside [a, b): \n, or a \r not before \n. */
static void count_lines(struct lexer *l, size_t a, size_t b)
{
	for (size_t p = a; p < b; p++)
		if (l->s[p] == '\n' ||
		    (l->s[p] == '\r' && (p + 1 >= l->len || l->s[p + 1] != '\n'))) {
			l->line++;
			l->line_start = p + 1;
		}
}

/* The end of a comment that starts at pos ('/' then c2 at next), or 0 if none does. */
static size_t comment_end(const struct lexer *l, char c1, char c2, size_t next)
{
	size_t k;

	if (c1 != '/' || (c2 != '/' && c2 != '*'))
		return 0;
	if (c2 == '/') {
		/* to the end of the line (\n or \r), splices continuing it */
		for (k = next;;) {
			size_t e = k, b;

			while (e < l->len && l->s[e] != '\n' && l->s[e] != '\r')
				e++;
			if (e >= l->len)
				return l->len;
			for (b = e; b > next && l->s[b - 1] != '\\' && l->s[b - 1] != '\r' &&
			     is_hspace(l->s[b - 1]); b--)
				;
			if (b == next || l->s[b - 1] != '\\' || !splice_at(l->s, l->len, b - 1))
				return e;
			k = b - 1 + splice_at(l->s, l->len, b - 1);
		}
	}
	for (k = next; k + 1 < l->len; k++) {
		const char *star = memchr(l->s + k, '*', l->len - 1 - k);

		if (!star)
			break;
		k = (size_t)(star - l->s);
		size_t k2 = l->s[k + 1] == '/' ? k + 1 : skip_splices(l->s, l->len, k + 1);

		if (k2 < l->len && l->s[k2] == '/')
			return k2 + 1;
	}
	return l->len;		/* unterminated: to the end */
}

/* The longest punctuator at start, read through splices (one character at least). */
static size_t punct_end(const struct lexer *l, size_t start, size_t after1)
{
	char buf[5];
	size_t ends[5], p = start;

	for (size_t k = 0; k < 4; k++) {
		buf[k] = peek(l->s, l->len, p, &ends[k]);
		p = ends[k];
	}
	buf[4] = '\0';
	/* the punctuators by first character, longest first (as puncts[] lists them) */
	static unsigned char by_first[256][8], count[256];
	static bool made;

	if (!made) {
		for (size_t i = 0; i < sizeof(puncts) / sizeof(*puncts); i++) {
			unsigned char c = (unsigned char)puncts[i][0];

			by_first[c][count[c]++] = (unsigned char)i;
		}
		made = true;
	}
	for (unsigned k = 0; k < count[(unsigned char)buf[0]]; k++) {
		const char *p = puncts[by_first[(unsigned char)buf[0]][k]];
		size_t n = strlen(p);

		if (!strncmp(buf, p, n))
			return ends[n - 1];
	}
	return after1;
}

/* The token at start, whose first characters are c1 (ending at after1) and c2. */
static size_t token_end(const struct lexer *l, size_t start, char c1, size_t after1, char c2,
			enum tok_kind *kind)
{
	const char *s = l->s;
	size_t len = l->len, end, k;
	bool closed;
	char q;

	*kind = TOK_LITERAL;
	if (is_digit(c1) || (c1 == '.' && is_digit(c2)))
		return number_end(s, len, start);
	if (c1 == '"' || c1 == '\'') {
		end = quoted_end(s, len, start, c1, &closed);
		if (!closed)
			*kind = TOK_PUNCT;	/* unterminated: the rest of its line */
		return end;
	}
	*kind = TOK_IDENT;
	if (is_ident_char((unsigned char)c1) && !is_digit(c1)) {
		end = ident_end(s, len, start);
		q = literal_after_prefix(s, len, start, end);
		if (q) {
			k = quoted_end(s, len, end, q, &closed);
			*kind = closed ? TOK_LITERAL : TOK_PUNCT;
			return k;
		}
		return end;
	}
	/* a name that starts beyond ASCII (UTF-8 or a UCN), if C11 lets it start one */
	if ((c1 == '\\' || (unsigned char)c1 >= 0x80) &&
	    (k = extended_char_at(s, len, after1 - 1))) {
		end = after1 - 1 + k;
		if (may_start_name(code_point(s, after1 - 1, k)))
			return ident_end(s, len, end);
		*kind = TOK_PUNCT;	/* else that character is a token of its own */
		return end;
	}
	*kind = TOK_PUNCT;
	return punct_end(l, start, after1);
}

/*
 * Splices before space are skipped with it; before a token's first character they are
 * part of the token, which starts at the backslash. The position after what is skipped.
 */
static size_t skip_space(struct lexer *l, size_t pos)
{
	const char *s = l->s;

	while (pos < l->len) {
		char c = s[pos];

		if (c == ' ' || c == '\t') {
			pos++;
			continue;
		}
		if (c == '\n' || is_hspace(c) || c == '\0') {	/* clang reads NUL as space */
			count_lines(l, pos, pos + 1);
			pos++;
			continue;
		}
		if (!splice_at(s, l->len, pos))
			break;
		size_t after = skip_splices(s, l->len, pos);

		if (after < l->len && s[after] != '\n' && !is_hspace(s[after]) && s[after])
			break;
		count_lines(l, pos, after);
		pos = after;
	}
	return pos;
}

void lex_c(const char *s, size_t len, struct tokens *out)
{
	struct lexer l = { s, len, 1, 0 };
	struct texts x = { xrealloc(NULL, 2 * len + 1), 0 };	/* every byte used is written */
	size_t pos = 0, cap = 0;

	memset(out, 0, sizeof(*out));
	out->texts = x.block;
	while ((pos = skip_space(&l, pos)) < len) {
		size_t start = pos, after1, next, end;
		char c1 = peek(s, len, pos, &after1);
		char c2 = peek(s, len, after1, &next);
		enum tok_kind kind;

		if ((end = comment_end(&l, c1, c2, next))) {
			count_lines(&l, start, end);	/* no token */
			pos = end;
			continue;
		}
		end = token_end(&l, start, c1, after1, c2, &kind);
		/* libclang spells a name without its splices, anything else as written */
		size_t n;
		char *text = put(&x, s, start, end, kind == TOK_IDENT, &n);

		if (out->n == cap) {
			cap = cap ? cap * 2 : 256;
			out->v = xrealloc(out->v, cap * sizeof(*out->v));
		}
		/* end as clang.c sets it: the start plus the spelling's length */
		out->v[out->n++] = (struct tok){
			kind == TOK_IDENT && is_keyword(text) ? TOK_KEYWORD : kind, text, l.line,
			(unsigned)(start - l.line_start + 1), (unsigned)start,
			(unsigned)(start + strlen(text)) };	/* a NUL inside ends it there */
		if (memchr(s + start, '\\', end - start))
			count_lines(&l, start, end);	/* lines spliced inside the token */
		pos = end;
	}
}

void lex_source(const char *text, size_t len, struct tokens *out)
{
	static const char *const digraphs[][2] = {
		{ "%:%:", "##" }, { "%:", "#" }, { "<:", "[" }, { ":>", "]" }, { "<%", "{" },
		{ "%>", "}" },
	};

	lex_c(text, len, out);
	for (unsigned i = 0; i < out->n; i++) {
		struct tok *t = &out->v[i];

		if (t->kind != TOK_PUNCT || !strchr("%<:", t->text[0]) || !t->text[1])
			continue;	/* no digraph starts so */
		for (size_t k = 0; k < sizeof(digraphs) / sizeof(*digraphs); k++)
			if (!strcmp(t->text, digraphs[k][0]))
				t->text = (char *)digraphs[k][1];	/* texts is one block */
	}
}
