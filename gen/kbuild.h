/* kbuild.h: what a directory's Kbuild file (or Makefile) says about the files it builds. */
#ifndef LSMGEN_KBUILD_H
#define LSMGEN_KBUILD_H

#include "strlist.h"

/* DIR/Kbuild if it exists (Kbuild reads it first), else DIR/Makefile, else NULL. */
char *kbuild_file(const char *dir);

/*
 * The Kconfig symbols under which DIR's Kbuild file builds base ("hooks.c"), as "A B"
 * (built when any is set), or NULL when it is built unconditionally or the file does not
 * say.
 */
char *kbuild_condition(const char *dir, const char *base);

/* The preprocessor flags Kbuild gives the files of a directory. */
struct kbuild_flags {
	struct strlist include_dirs;	/* -I, in order, as paths from the working directory */
	struct strlist defines;		/* -D names */
	struct strlist files;		/* the Kbuild files read, for the depfile */
};

/*
 * The -I and -D of ccflags-y, ccflags-$(CONFIG_...) and EXTRA_CFLAGS of DIR's Kbuild
 * file, and subdir-ccflags-y of it and of every directory above it up to TOP; words in
 * ccflags-remove-y taken away. $(srctree) is KDIR, $(src) and $(obj) are DIR.
 */
void kbuild_flags(const char *kdir, const char *top, const char *dir, struct kbuild_flags *out);
void kbuild_flags_free(struct kbuild_flags *f);

#endif
