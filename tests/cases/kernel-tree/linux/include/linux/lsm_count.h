/* A kernel tree's lsm_count.h with an LSM lsmgen's built-in list does not know. */
#ifndef __LINUX_LSM_COUNT_H
#define __LINUX_LSM_COUNT_H
#include <linux/args.h>
#ifdef CONFIG_SECURITY
#if IS_ENABLED(CONFIG_SECURITY)
#define CAPABILITIES_ENABLED 1,
#else
#define CAPABILITIES_ENABLED
#endif
#if IS_ENABLED(CONFIG_SECURITY_SELINUX)
#define SELINUX_ENABLED 1,
#else
#define SELINUX_ENABLED
#endif
#if IS_ENABLED(CONFIG_SECURITY_NEWLSM)
#define NEWLSM_ENABLED 1,
#else
#define NEWLSM_ENABLED
#endif
#define MAX_LSM_COUNT COUNT_LSMS(CAPABILITIES_ENABLED SELINUX_ENABLED NEWLSM_ENABLED)
#else
#define MAX_LSM_COUNT 0
#endif
#endif
