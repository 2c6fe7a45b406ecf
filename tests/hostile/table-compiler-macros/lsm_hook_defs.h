/* A hook table with conditions on the compiler's and the architecture's macros. */
LSM_HOOK(int, 0, file_open, struct file *file)
/* every kernel build defines __KERNEL__ (Kbuild's -D__KERNEL__): kept */
#ifdef __KERNEL__
LSM_HOOK(int, 0, file_alloc_security, struct file *file)
#endif
/* decided for x86-64, with a warning: an arm64 build decides otherwise */
#if defined(__x86_64__)
LSM_HOOK(int, 0, file_x86, struct file *file)
#elif defined(__aarch64__)
LSM_HOOK(int, 0, file_arm64, struct file *file)
#endif
/* the table's own macro: no warning */
#define LSMGEN_TEST_LOCAL 1
#if LSMGEN_TEST_LOCAL && IS_ENABLED(CONFIG_SECURITY_NETWORK)
LSM_HOOK(int, 0, socket_create, int family)
#endif
