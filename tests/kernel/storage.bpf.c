// SPDX-License-Identifier: GPL-2.0
/*
 * storage.bpf.c: BPF local storage for tests/kernel/bpftest.c. On file_open it counts
 * the opens of each inode (inode storage) and of each task (task storage); user space
 * reads the counts back through the maps. Loading it creates both maps, which switches
 * on the BPF LSM's hooks that free such storage. Compiled at test time with
 * clang -target bpf (the structures it reads: vfs.bpf.h).
 */
#include "vfs.bpf.h"

struct task_struct;

struct {
	__uint(type, BPF_MAP_TYPE_INODE_STORAGE);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, int);
	__type(value, __u64);
} inode_opens SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_TASK_STORAGE);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, int);
	__type(value, __u64);
} task_opens SEC(".maps");

SEC("lsm/file_open")
int BPF_PROG(count_opens, struct file *file, int ret)
{
	__u64 *n;

	n = bpf_inode_storage_get(&inode_opens, file->f_inode, 0,
				  BPF_LOCAL_STORAGE_GET_F_CREATE);
	if (n)
		__sync_fetch_and_add(n, 1);
	n = bpf_task_storage_get(&task_opens, bpf_get_current_task_btf(), 0,
				 BPF_LOCAL_STORAGE_GET_F_CREATE);
	if (n)
		__sync_fetch_and_add(n, 1);
	return ret;
}

char LICENSE[] SEC("license") = "GPL";
