//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package fileio

import (
	"errors"
	"os"
	"syscall"
)

// lockFile takes an exclusive advisory lock on f, held until f is closed
// or the process dies.
func lockFile(f *os.File) {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX)
		if !errors.Is(err, syscall.EINTR) {
			return
		}
	}
}

// tryLock tells whether another open file holds the lock on f's file,
// taking it when it is free.
func tryLock(f *os.File) lockState {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		switch {
		case err == nil:
			return lockFree
		case errors.Is(err, syscall.EWOULDBLOCK):
			return lockHeld
		case !errors.Is(err, syscall.EINTR):
			return lockUnknown // ENOLCK, EOPNOTSUPP: no locks on this file system
		}
	}
}
