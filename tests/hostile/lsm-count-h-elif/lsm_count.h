/* Entries the kernel's cpp keeps behind #elif and constant conditions. */
#ifndef __LINUX_LSM_COUNT_H
#define __LINUX_LSM_COUNT_H

#include <linux/args.h>

#ifdef CONFIG_SECURITY

#if IS_ENABLED(CONFIG_SECURITY)
#define CAPABILITIES_ENABLED 1,
#else
#define CAPABILITIES_ENABLED
#endif

/* an #elif after a constant 0 is the live branch */
#if 0
#define SELINUX_ENABLED
#elif IS_ENABLED(CONFIG_SECURITY_SELINUX)
#define SELINUX_ENABLED 1,
#else
#define SELINUX_ENABLED
#endif

/* a constant made of operators hides what it holds */
#if 0 && 1
#if IS_ENABLED(CONFIG_SECURITY_TOMOYO)
#define TOMOYO_ENABLED 1,
#else
#define TOMOYO_ENABLED
#endif
#else
#define TOMOYO_ENABLED
#endif

/* and shows its #else when it is 0 */
#if (2 - 2)
#define SMACK_ENABLED
#else
#if defined(CONFIG_SECURITY_SMACK)
#define SMACK_ENABLED 1,
#else
#define SMACK_ENABLED
#endif
#endif

#define MAX_LSM_COUNT			\
	__COUNT_COMMAS(			\
		CAPABILITIES_ENABLED	\
		SELINUX_ENABLED		\
		TOMOYO_ENABLED		\
		SMACK_ENABLED		\
	)

#else

#define MAX_LSM_COUNT 0

#endif

#endif
