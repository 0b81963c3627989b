//go:build unix

package render

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process has used, all threads together: a
// benchmark's cost that a busy machine does not inflate as it does the
// wall-clock time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
