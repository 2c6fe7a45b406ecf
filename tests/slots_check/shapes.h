/*
 * The kernel's shapes that the build's slot check reads, written for lsmgen's tests:
 * struct lsm_static_call and its table, struct security_hook_list, LSM_HOOK_INIT as
 * the series defines it (the hook's array and its size, asserted not zero), static calls named
 * __SCK__lsm_static_call_<hook>_<slot>. Freestanding, so that clang --target builds it
 * for every architecture.
 *
 * A case writes its own table (struct lsm_static_calls_table, its members in any order)
 * and its hook lists with LSM_LIST(); SHUFFLE_FIELDS reorders the fields of both structs
 * as randstruct may. Hook lists are also listed in section lsm_lists, for slot_loop.c.
 */
#ifndef SHAPES_H
#define SHAPES_H

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define __packed __attribute__((__packed__))
#define __section(s) __attribute__((__section__(s)))
#define __ro_after_init __section(".data..ro_after_init")
#define __initdata __section(".init.data")

struct static_call_key { void *func; };
struct static_key_false { int enabled; };
struct security_hook_list;

struct lsm_static_call {
#ifdef SHUFFLE_FIELDS
	struct security_hook_list *hl;
	struct static_key_false *active;
	void *trampoline;
	struct static_call_key *key;
#else
	struct static_call_key *key;
	void *trampoline;
	struct security_hook_list *hl;
	struct static_key_false *active;
#endif
};

struct security_hook_list {
#ifdef SHUFFLE_FIELDS
	const char *lsm;
	void *hook;
	unsigned int nslots;
	struct lsm_static_call *scalls;
#else
	struct lsm_static_call *scalls;
	unsigned int nslots;
	void *hook;
	const char *lsm;
#endif
};

/* One slot's static call and static key, and its entry in static_calls_table */
#define SLOT(H, N)							\
	struct static_call_key __SCK__lsm_static_call_##H##_##N;	\
	static struct static_key_false security_hook_active_##H##_##N;
#define ENTRY(H, N)							\
	.H[N] = { .key = &__SCK__lsm_static_call_##H##_##N,		\
		  .active = &security_hook_active_##H##_##N }

#ifndef TABLE_STATIC
extern struct lsm_static_calls_table static_calls_table;
#endif

/* As the series writes them: a hook with no slot cannot be registered */
#define LSM_HOOK_NSLOTS(NAME)							\
	(ARRAY_SIZE(static_calls_table.NAME) +					\
	 0 * sizeof(struct { _Static_assert(ARRAY_SIZE(static_calls_table.NAME) > 0, \
		"LSM hook " #NAME " has no static-call slot"); int _; }))
#define LSM_HOOK_INIT(NAME, HOOK)					\
	{ .scalls = static_calls_table.NAME,				\
	  .nslots = LSM_HOOK_NSLOTS(NAME),				\
	  .hook = (void *)(HOOK) }

struct lsm_list {
	struct security_hook_list *hooks;
	unsigned int count;
	const char *name;
};

/*
 * A hook list in section SECT (__section(), or empty for the compiler's choice), and a
 * pointer to its description in section lsm_lists (pointers: no padding between them).
 */
#define LSM_LIST(NAME, SECT, ...)						\
	static struct security_hook_list NAME##_hooks[] SECT = { __VA_ARGS__ };	\
	static const struct lsm_list NAME##_list = {				\
		NAME##_hooks, ARRAY_SIZE(NAME##_hooks), #NAME };		\
	const struct lsm_list *const NAME##_entry __section("lsm_lists")	\
		__attribute__((__used__, __aligned__(sizeof(void *)))) = &NAME##_list

void lsm_callback(void);

#endif
