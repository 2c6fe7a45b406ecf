/* buf.h: growable byte buffers (buf.c). */
#ifndef LSMGEN_BUF_H
#define LSMGEN_BUF_H

#include <stddef.h>

/* A growable byte buffer, always NUL-terminated. */
struct buf {
	char *s;
	size_t len;
	size_t cap;
};

/* Append n bytes. */
void buf_add(struct buf *b, const char *s, size_t n);
/* Append a string. */
void buf_puts(struct buf *b, const char *s);
/* Append one byte. */
void buf_putc(struct buf *b, char c);
/* Append formatted text. */
void buf_printf(struct buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Append word as a shell reads it back: as is if plain, else in single quotes. The one
 * renderer of command lines (check's regenerate line, the banner's options). */
void buf_shell_word(struct buf *b, const char *word);
/* Free the buffer's storage and reset it to empty. */
void buf_free(struct buf *b);

#endif
