/*
 * A userspace stand-in, written for lsmgen's tests, of the kernel API that generated
 * code uses. Two shapes of static call, as in the kernel:
 *  - default (no CONFIG_HAVE_STATIC_CALL): the key holds a function pointer and
 *    static_call() calls through it;
 *  - STANDIN_TRAMPOLINES (x86-64 only): static_call() is a direct call to a per-call
 *    trampoline symbol, here an assembler stub that jumps to the key's function.
 * Static keys are an int tested by static_branch_unlikely(), or with STANDIN_ASM_GOTO an
 * x86-64 "asm goto" with a 5-byte NOP and a __jump_table entry, as in the kernel.
 */
#ifndef STANDIN_KERNEL_H
#define STANDIN_KERNEL_H

#include <stdbool.h>
#include <stddef.h>
#include <limits.h>
#include <stdint.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;

#define __packed __attribute__((__packed__))
#define __randomize_layout
#define __ro_after_init
#define __aligned(x) __attribute__((__aligned__(x)))
#undef __always_inline
#define __always_inline inline __attribute__((__always_inline__))
#define __user

struct lsm_id {
	const char *name;
	u64 id;
};

struct security_hook_list {
	struct lsm_static_call *scalls;
	union {
		void *lsm_func_addr;
	} hook;
	const struct lsm_id *lsmid;
	bool runtime;		/* LSM_HOOK_INIT_RUNTIME: a runtime LSM's hook */
};

struct static_call_key {
	void *func;
};

struct static_key_false {
	int enabled;
};

struct lsm_static_call {
	struct static_call_key *key;
	void *trampoline;
	struct security_hook_list *hl;
	struct static_key_false *active;
};

/* Names are pasted after expansion, as in the kernel, so macro-made names work too. */
#define STANDIN_PASTE2(a, b) a##b
#define STANDIN_PASTE(a, b) STANDIN_PASTE2(a, b)
#define STANDIN_STR2(x) #x
#define STANDIN_STR(x) STANDIN_STR2(x)
#define STATIC_CALL_KEY(name) STANDIN_PASTE(__SCK__, name)
#define STATIC_CALL_TRAMP(name) STANDIN_PASTE(__SCT__, name)

#ifdef STANDIN_TRAMPOLINES
#define DEFINE_STATIC_CALL_NULL(name, _func)					\
	extern typeof(_func) STATIC_CALL_TRAMP(name);				\
	struct static_call_key STATIC_CALL_KEY(name) = { .func = NULL };	\
	__asm__(".pushsection .text, \"ax\"\n"					\
		".globl " STANDIN_STR(STATIC_CALL_TRAMP(name)) "\n"		\
		STANDIN_STR(STATIC_CALL_TRAMP(name)) ":\n"			\
		"\tjmp *" STANDIN_STR(STATIC_CALL_KEY(name)) "(%rip)\n"	\
		".popsection\n")
#define static_call(name) STATIC_CALL_TRAMP(name)
#define STATIC_CALL_TRAMP_ADDR(name) ((void *)&STATIC_CALL_TRAMP(name))
#else
#define DEFINE_STATIC_CALL_NULL(name, _func)					\
	extern typeof(_func) STATIC_CALL_TRAMP(name);				\
	struct static_call_key STATIC_CALL_KEY(name) = { .func = NULL }
#define static_call(name) ((typeof(&STATIC_CALL_TRAMP(name)))(STATIC_CALL_KEY(name).func))
#define STATIC_CALL_TRAMP_ADDR(name) NULL
#endif
#define __maybe_unused __attribute__((__unused__))
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#define DEFINE_STATIC_KEY_FALSE(name) struct static_key_false name = { 0 }
#define static_branch_enable(k) ((k)->enabled = 1)
#define static_branch_disable(k) ((k)->enabled = 0)
#define fallthrough __attribute__((__fallthrough__))

#ifdef STANDIN_ASM_GOTO
static __always_inline bool standin_branch(struct static_key_false *key)
{
	__asm__ goto("1: .byte 0x0f, 0x1f, 0x44, 0x00, 0x00\n"
		     ".pushsection __jump_table, \"aw\"\n"
		     ".quad 1b, %l[l_yes], %c0\n"
		     ".popsection\n"
		     : : "i"(key) : : l_yes);
	return false;
l_yes:
	return true;
}
#define static_branch_unlikely(k) standin_branch(k)
#else
#define static_branch_unlikely(k) __builtin_expect(!!(k)->enabled, 0)
#endif

#endif
