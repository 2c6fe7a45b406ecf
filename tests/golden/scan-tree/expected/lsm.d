@OUT@/lsm_count.h: \
 build/.config \
 linux/include/linux/lsm_hook_defs.h \
 linux/security/Makefile \
 linux/security/bpf/Makefile \
 linux/security/bpf/hooks.c \
 linux/security/commoncap.c \
 linux/security/early/Makefile \
 linux/security/early/early.c \
 linux/security/mystery/Makefile \
 linux/security/mystery/mystery.c \
 linux/security/selinux/Makefile \
 linux/security/selinux/hooks.c \
 linux/security/selinux/xfrm.c \
 lsms.json
