/*
 * Stand-ins, written for lsmgen's tests, for the kernel types that hook parameters take
 * by value. Structs and unions used through pointers need no definition.
 */
#ifndef STANDIN_TYPES_H
#define STANDIN_TYPES_H

#include "kernel.h"

typedef unsigned int gfp_t;
typedef unsigned int fmode_t;
typedef unsigned short umode_t;
typedef u32 dev_t;
typedef int pid_t;
typedef long long loff_t;
typedef struct { u32 val; } kuid_t;
typedef struct { u32 val; } kgid_t;
typedef struct { u64 val; } kernel_cap_t;
typedef struct key_ref_stub *key_ref_t;
typedef struct { void *ptr; bool is_kernel; } sockptr_t;

enum bpf_cmd { BPF_CMD_STANDIN };
enum kernel_load_data_id { KERNEL_LOAD_DATA_STANDIN };
enum kernel_read_file_id { KERNEL_READ_FILE_STANDIN };
enum key_need_perm { KEY_NEED_PERM_STANDIN };
enum lockdown_reason { LOCKDOWN_STANDIN };
enum lsm_integrity_type { LSM_INTEGRITY_STANDIN };

/* Struct and union declarations come from each test, from the hooks it uses. */

#endif
