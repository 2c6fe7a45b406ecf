/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vfs.bpf.h: what the BPF programs of tests/kernel read of the kernel's VFS, as much of
 * each structure as they use; CO-RE relocates the fields against the booted kernel's BTF.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

struct inode {
	unsigned long i_ino;
} __attribute__((preserve_access_index));

struct file {
	struct inode *f_inode;
} __attribute__((preserve_access_index));
