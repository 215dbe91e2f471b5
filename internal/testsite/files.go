package testsite

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"sync"
)

// pdfBytes is the body of PDFURI: a tiny one-page PDF document.
var pdfBytes = []byte(`%PDF-1.4
1 0 obj
<< /Type /Catalog /Pages 2 0 R >>
endobj
2 0 obj
<< /Type /Pages /Kids [3 0 R] /Count 1 >>
endobj
3 0 obj
<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>
endobj
4 0 obj
<< /Length 44 >>
stream
BT /F1 18 Tf 72 720 Td (Annual report 2024) Tj ET
endstream
endobj
trailer
<< /Root 1 0 R /Size 5 >>
%%EOF
`)

// jpegBytes returns the body of JPEGURI: a small, real JPEG image (a
// deterministic 32x24 gradient).
var jpegBytes = sync.OnceValue(func() []byte {
	img := image.NewRGBA(image.Rect(0, 0, 32, 24))
	for y := 0; y < 24; y++ {
		for x := 0; x < 32; x++ {
			img.Set(x, y, color.RGBA{uint8(x * 8), uint8(y * 10), 128, 255})
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 75}); err != nil {
		panic("testsite: encoding JPEG: " + err.Error())
	}
	return buf.Bytes()
})
