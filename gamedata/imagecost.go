package gamedata

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strings"
)

// What decoding a picture costs, read from its header before anything is
// decoded: Go's decoders hold the whole picture in memory, in a form that
// depends on the file more than on its pixel count. The model is that of
// image/png and image/jpeg (TestDecodeMemoryModel holds it to what they
// allocate).

// Memory limits of pictures: what decoding one takes (decodeMemory), and
// the picture memory budget of a game, all its distinct picture files
// together, each counted at least 4 bytes a pixel (budgeted). Pictures
// are decoded one at a time, so the first bounds the peak of validate and
// render; the second bounds the work: what is allocated, and the time,
// which grows with the pixels (scaling a picture down works at 4 bytes a
// pixel, whatever the file held).
const (
	MaxImageMemory     = 256 << 20 // a 40-megapixel 8-bit PNG takes 160 MB
	MaxGameImageMemory = 1 << 30   // about 6.7 such pictures, at most 270 megapixels
)

// budgeted is what a picture of px pixels costing c counts in the game's
// budget.
func (c decodeCost) budgeted(px int64) int64 { return max(c.bytes, 4*px) }

// decodeCost is what one picture costs to decode and why.
type decodeCost struct {
	bytes int64
	// how says what makes it cost more than 4 bytes a pixel, for the
	// message ("16 bits a channel, interlaced"); "" when nothing does.
	how string
	// fix says how to save it cheaper, when how is not "".
	fix string
}

// decodeMemory is the memory decoding data (a PNG or JPEG of w × h pixels
// whose header has been read) takes.
func decodeMemory(format string, data []byte, w, h int) decodeCost {
	px := int64(w) * int64(h)
	if format == "png" {
		return pngCost(data, px)
	}
	return jpegCost(data, w, h)
}

// pngCost: image/png decodes into one of its image types, 1 to 8 bytes a
// pixel; a transparent colour (a tRNS chunk) turns grey or RGB into NRGBA;
// an interlaced file is decoded pass by pass into images of their own,
// which are then copied into the whole, so it takes twice the memory.
func pngCost(data []byte, px int64) decodeCost {
	const sig = 8
	if len(data) < sig+8+13 {
		return decodeCost{bytes: px * 8}
	}
	ihdr := data[sig+8:]
	depth, colorType, interlaced := ihdr[8], ihdr[9], ihdr[12] != 0
	alpha := pngHasChunk(data, "tRNS")
	var perPixel int64
	switch {
	case colorType == 3: // palette
		perPixel = 1
	case colorType == 0 && !alpha: // grey
		perPixel = max(1, int64(depth)/8)
	case depth == 16:
		perPixel = 8
	default:
		perPixel = 4
	}
	c := decodeCost{bytes: px * perPixel}
	var how []string
	if depth == 16 {
		how = append(how, "16 bits a channel")
	}
	if interlaced {
		c.bytes *= 2
		how = append(how, "interlaced")
	}
	if len(how) > 0 {
		c.how = strings.Join(how, ", ")
		c.fix = "save it with 8 bits a channel, not interlaced"
	}
	return c
}

// pngHasChunk reports whether a chunk of kind comes before the image data.
func pngHasChunk(data []byte, kind string) bool {
	for at := 8; at+8 <= len(data); {
		n := int64(binary.BigEndian.Uint32(data[at:]))
		switch string(data[at+4 : at+8]) {
		case kind:
			return true
		case "IDAT", "IEND":
			return false
		}
		at += 12 + int(min(n, int64(len(data))))
	}
	return false
}

// jpegCost: image/jpeg keeps each component at its own sampling, rounded
// up to whole blocks, a byte a sample; a progressive file keeps every
// coefficient as well (4 bytes a sample) until the last scan; CMYK and RGB
// files are converted into a new image of 4 bytes a pixel at the end.
func jpegCost(data []byte, w, h int) decodeCost {
	f, ok := jpegFrame(data)
	if !ok || len(f.comps) == 0 {
		// Not as expected; image/jpeg will say why. Count the worst case.
		return decodeCost{bytes: int64(w) * int64(h) * 24}
	}
	hmax, vmax := 1, 1
	for _, c := range f.comps {
		hmax, vmax = max(hmax, c.h), max(vmax, c.v)
	}
	mcuX, mcuY := (w+8*hmax-1)/(8*hmax), (h+8*vmax-1)/(8*vmax)
	var samples int64
	for _, c := range f.comps {
		samples += int64(8*c.h*mcuX) * int64(8*c.v*mcuY)
	}
	cost := decodeCost{bytes: samples}
	if f.progressive {
		cost.bytes += 4 * samples
		cost.how, cost.fix = "progressive", "save it as a baseline (not progressive) JPEG"
	}
	if len(f.comps) == 4 || len(f.comps) == 3 && f.rgb {
		cost.bytes += 4 * int64(w) * int64(h)
	}
	return cost
}

// jpegHeader is what jpegFrame reads of a JPEG's header.
type jpegHeader struct {
	progressive bool
	rgb         bool // three components that hold RGB, not YCbCr
	comps       []struct{ h, v int }
}

// jpegFrame reads the segments before the first scan: the frame header
// (SOF0-2, the ones image/jpeg decodes) and an Adobe segment's colour
// transform. ok is false when there is no frame header.
func jpegFrame(data []byte) (f jpegHeader, ok bool) {
	adobeRGB, ids := false, ""
	for at := 2; at+4 <= len(data); {
		if data[at] != 0xff {
			return f, false
		}
		marker := data[at+1]
		switch {
		case marker == 0xff: // a fill byte
			at++
			continue
		case 0xd0 <= marker && marker <= 0xd7: // a restart marker has no length
			at += 2
			continue
		}
		n := int(binary.BigEndian.Uint16(data[at+2:]))
		if n < 2 || at+2+n > len(data) {
			return f, false
		}
		seg := data[at+4 : at+2+n]
		switch marker {
		case 0xc0, 0xc1, 0xc2:
			if len(seg) < 6 || len(seg) < 6+3*int(seg[5]) {
				return f, false
			}
			f.progressive = marker == 0xc2
			for i := range int(seg[5]) {
				c := seg[6+3*i:]
				ids += string(c[0])
				f.comps = append(f.comps, struct{ h, v int }{max(1, int(c[1]>>4)), max(1, int(c[1]&15))})
			}
			ok = true
		case 0xee: // APP14: Adobe, version, flags0, flags1, transform
			adobeRGB = len(seg) >= 12 && bytes.HasPrefix(seg, []byte("Adobe")) && seg[11] == 0
		case 0xda: // the first scan: the header is over
			f.rgb = len(f.comps) == 3 && (adobeRGB || ids == "RGB")
			return f, ok
		}
		at += 2 + n
	}
	f.rgb = len(f.comps) == 3 && (adobeRGB || ids == "RGB")
	return f, ok
}

// mib writes a number of bytes as whole MiB, rounded up.
func mib(n int64) string { return fmt.Sprintf("%d MiB", (n+1<<20-1)>>20) }
