//go:build !unix

package fileio

const nonBlock = 0
