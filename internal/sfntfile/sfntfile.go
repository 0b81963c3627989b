// Package sfntfile writes a TrueType/OpenType font file from its tables:
// the one writer of font files, used by fonts (CFF fonts converted to
// TrueType outlines) and by the tests' hostile fonts.
package sfntfile

import (
	"encoding/binary"
	"slices"
)

// Write is the font file of tables under version (the file's first 4
// bytes): the tables in name order, each 4-byte aligned, with the
// directory's offsets, lengths and checksums and head's checksum
// adjustment as the format wants.
func Write(version []byte, tables map[string][]byte) []byte {
	names := make([]string, 0, len(tables))
	for name := range tables {
		names = append(names, name)
	}
	slices.Sort(names)
	out := append(slices.Clone(version[:4]), make([]byte, 8+16*len(names))...)
	binary.BigEndian.PutUint16(out[4:], uint16(len(names)))
	headAt := -1
	for i, name := range names {
		data := tables[name]
		if name == "head" && len(data) >= 12 {
			data = slices.Clone(data)
			binary.BigEndian.PutUint32(data[8:], 0)
			headAt = len(out)
		}
		rec := out[12+16*i:]
		copy(rec, name)
		binary.BigEndian.PutUint32(rec[4:], checksum(data))
		binary.BigEndian.PutUint32(rec[8:], uint32(len(out)))
		binary.BigEndian.PutUint32(rec[12:], uint32(len(data)))
		out = append(out, data...)
		out = append(out, make([]byte, (4-len(data)%4)%4)...)
	}
	if headAt >= 0 {
		binary.BigEndian.PutUint32(out[headAt+8:], 0xB1B0AFBA-checksum(out))
	}
	return out
}

func checksum(b []byte) uint32 {
	var sum uint32
	for i := 0; i < len(b); i += 4 {
		var w [4]byte
		copy(w[:], b[i:])
		sum += binary.BigEndian.Uint32(w[:])
	}
	return sum
}
