// SPDX-License-Identifier: GPL-2.0
/*
 * deny.bpf.c: a BPF LSM program for tests/kernel/bpftest.c. On file_open it denies
 * (-EPERM) the open of one file, whose inode number user space writes into the map
 * "marker"; every other open goes on. Compiled at test time with clang -target bpf; the
 * structures it reads are in vfs.bpf.h.
 */
#include "vfs.bpf.h"

#define EPERM 1

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64);
} marker SEC(".maps");

SEC("lsm/file_open")
int BPF_PROG(deny_marker, struct file *file, int ret)
{
	__u32 key = 0;
	__u64 *ino = bpf_map_lookup_elem(&marker, &key);

	if (ret)
		return ret;	/* an earlier decision stands */
	if (ino && *ino && file->f_inode->i_ino == *ino)
		return -EPERM;
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
