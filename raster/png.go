package raster

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/png"
	"math"
)

// EncodePNG writes img as a PNG that states its resolution (a pHYs chunk
// of dpi in pixels per metre), so print shops' uploaders and image
// editors read the intended print size; dpi 0 leaves it out. The same
// image always gives the same bytes from the same build (Go's compressor
// may change between Go releases). An opaque image is written as RGB.
func EncodePNG(img image.Image, dpi float64) ([]byte, error) {
	var buf bytes.Buffer
	// BestSpeed: on card images it takes 60% of the default level's time
	// for files under 1% larger.
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&buf, img); err != nil {
		return nil, err
	}
	b := buf.Bytes()
	if !(dpi > 0) {
		return b, nil
	}
	// The signature (8 bytes) and the IHDR chunk (4 length, 4 type, 13
	// data, 4 CRC) come first; pHYs must come before the image data, so
	// it goes right after IHDR.
	const afterIHDR = 8 + 4 + 4 + 13 + 4
	ppm := uint32(math.Round(dpi / 0.0254))
	data := make([]byte, 9)
	binary.BigEndian.PutUint32(data[0:], ppm)
	binary.BigEndian.PutUint32(data[4:], ppm)
	data[8] = 1 // the unit is the metre
	chunk := make([]byte, 0, 4+4+len(data)+4)
	chunk = binary.BigEndian.AppendUint32(chunk, uint32(len(data)))
	chunk = append(chunk, "pHYs"...)
	chunk = append(chunk, data...)
	chunk = binary.BigEndian.AppendUint32(chunk, crc32.ChecksumIEEE(chunk[4:]))
	out := make([]byte, 0, len(b)+len(chunk))
	out = append(out, b[:afterIHDR]...)
	out = append(out, chunk...)
	out = append(out, b[afterIHDR:]...)
	return out, nil
}
