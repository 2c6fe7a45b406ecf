#ifndef _SELINUX_OBJSEC_H_
#define _SELINUX_OBJSEC_H_
#define SELINUX_OPEN_ENTRY LSM_HOOK_INIT(file_open, selinux_file_open)
#endif
