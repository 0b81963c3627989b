//go:build unix

package fileio

import "syscall"

// nonBlock opens a FIFO swapped in after the check without waiting for a
// writer; the check that follows then refuses it.
const nonBlock = syscall.O_NONBLOCK
