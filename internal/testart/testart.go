// Package testart draws small pictures for tests and benchmarks of card
// art: a portrait, a frame with a transparent middle, a JPEG. The same
// arguments give the same bytes, so tests can make them on the fly instead
// of committing every size they need.
package testart

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
)

// palette is a few flat colours; seed picks among them.
var palette = []color.NRGBA{
	{0x1e, 0x88, 0xe5, 0xff}, {0xe0, 0x53, 0x3d, 0xff}, {0x43, 0xa0, 0x47, 0xff},
	{0xfb, 0xc0, 0x2d, 0xff}, {0x8e, 0x24, 0xaa, 0xff}, {0x00, 0x89, 0x7b, 0xff},
}

// Portrait is a w × h picture of a figure (a head and shoulders) in front
// of a flat background, its colours picked by seed; with transparent set,
// the background is transparent instead (a PNG with an alpha channel).
func Portrait(w, h, seed int, transparent bool) image.Image {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	bg := palette[seed%len(palette)]
	bg.R, bg.G, bg.B = bg.R/2+0x70, bg.G/2+0x70, bg.B/2+0x70
	if transparent {
		bg = color.NRGBA{}
	}
	fig := palette[(seed+2)%len(palette)]
	skin := color.NRGBA{0xf1, 0xc2, 0x7d, 0xff}
	cx, r := float64(w)/2, float64(min(w, h))/5
	headY := float64(h) * 0.4
	for y := range h {
		for x := range w {
			fx, fy := float64(x)+0.5, float64(y)+0.5
			c := bg
			// Shoulders: the top half of an ellipse at the bottom edge.
			if dx, dy := (fx-cx)/(float64(w)*0.42), (fy-float64(h))/(float64(h)*0.42); dx*dx+dy*dy <= 1 {
				c = fig
			}
			if dx, dy := fx-cx, fy-headY; dx*dx+dy*dy <= r*r {
				c = skin
			}
			// A stripe of the seed's colour along the top, so pictures of
			// one size still differ.
			if y < h/12 && x < w*(seed%5+1)/6 {
				c = palette[(seed+4)%len(palette)]
			}
			img.SetNRGBA(x, y, c)
		}
	}
	return img
}

// Frame is a w × h ornamental frame: a band of width band pixels in the
// seed's colour with a thin inner line, transparent inside.
func Frame(w, h, band, seed int) image.Image {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	c := palette[seed%len(palette)]
	line := color.NRGBA{0xff, 0xff, 0xff, 0xc0}
	for y := range h {
		for x := range w {
			d := min(x, y, w-1-x, h-1-y)
			switch {
			case d < band:
				img.SetNRGBA(x, y, c)
			case d < band+2:
				img.SetNRGBA(x, y, line)
			}
		}
	}
	return img
}

// Paper is a w × h warm background with faint diagonal stripes.
func Paper(w, h int) image.Image {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	light, dark := color.NRGBA{0xf6, 0xec, 0xd2, 0xff}, color.NRGBA{0xee, 0xe0, 0xbf, 0xff}
	for y := range h {
		for x := range w {
			c := light
			if (x+y)/6%4 == 0 {
				c = dark
			}
			img.SetNRGBA(x, y, c)
		}
	}
	return img
}

// PNG encodes img as a PNG file.
func PNG(img image.Image) []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		panic(err) // an in-memory write of a valid image cannot fail
	}
	return b.Bytes()
}

// JPEG encodes img as a JPEG file of quality 85.
func JPEG(img image.Image) []byte {
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 85}); err != nil {
		panic(err)
	}
	return b.Bytes()
}

// InterlacedPNG encodes img as an Adam7-interlaced RGBA PNG of depth 8 or
// 16 bits a channel, which Go's encoder never writes (each 16-bit channel
// is its 8-bit value twice).
func InterlacedPNG(img image.Image, depth int) []byte {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	var idat bytes.Buffer
	z, _ := zlib.NewWriterLevel(&idat, zlib.BestSpeed)
	// Adam7's passes: the first column and row of each, and its steps.
	passes := [7][4]int{{0, 0, 8, 8}, {4, 0, 8, 8}, {0, 4, 4, 8}, {2, 0, 4, 4}, {0, 2, 2, 4}, {1, 0, 2, 2}, {0, 1, 1, 2}}
	for _, p := range passes {
		x0, y0, dx, dy := p[0], p[1], p[2], p[3]
		if x0 >= w || y0 >= h {
			continue
		}
		row := make([]byte, 1, 1+(w/dx+1)*4*depth/8) // filter byte 0: none
		for y := y0; y < h; y += dy {
			row = row[:1]
			for x := x0; x < w; x += dx {
				c := color.NRGBAModel.Convert(img.At(b.Min.X+x, b.Min.Y+y)).(color.NRGBA)
				for _, v := range []uint8{c.R, c.G, c.B, c.A} {
					row = append(row, v)
					if depth == 16 {
						row = append(row, v)
					}
				}
			}
			z.Write(row)
		}
	}
	z.Close()
	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr, uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9], ihdr[12] = byte(depth), 6, 1 // RGBA, Adam7
	PNGChunk(&out, "IHDR", ihdr)
	PNGChunk(&out, "IDAT", idat.Bytes())
	PNGChunk(&out, "IEND", nil)
	return out.Bytes()
}

// PNGChunk writes a PNG chunk: its length, kind, data and checksum.
func PNGChunk(out *bytes.Buffer, kind string, data []byte) {
	binary.Write(out, binary.BigEndian, uint32(len(data)))
	body := append([]byte(kind), data...)
	out.Write(body)
	binary.Write(out, binary.BigEndian, crc32.ChecksumIEEE(body))
}

// ClaimPNG is a PNG that claims w × h pixels of the given depth and colour
// type, interlaced or not, and holds no pixels: its header is all there
// is. A header is all a decoder's DecodeConfig reads, so a file of a few
// bytes can claim 40 megapixels.
func ClaimPNG(w, h uint32, depth, colorType byte, interlaced bool) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr, w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = depth, colorType
	if interlaced {
		ihdr[12] = 1
	}
	PNGChunk(&b, "IHDR", ihdr)
	return b.Bytes()
}
