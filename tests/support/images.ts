import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A real PNG: width x height, one colour (RGB), a diagonal stripe so it is not blank. */
export function pngBytes(width = 64, height = 64, rgb: [number, number, number] = [31, 122, 69]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const stripe = Math.abs(x - y) < Math.max(2, width / 8);
      row[1 + x * 3] = stripe ? 255 : rgb[0];
      row[2 + x * 3] = stripe ? 255 : rgb[1];
      row[3 + x * 3] = stripe ? 255 : rgb[2];
    }
    rows.push(row);
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

/** The start of a JPEG (SOI + JFIF APP0): what file-type reads to call it image/jpeg. */
export function jpegBytes(): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]), Buffer.alloc(64), Buffer.from([0xff, 0xd9])]);
}

/** A RIFF/WEBP container header with a VP8L chunk: image/webp by its bytes. */
export function webpBytes(): Buffer {
  const payload = Buffer.concat([Buffer.from('WEBP', 'latin1'), Buffer.from('VP8L', 'latin1'), Buffer.from([5, 0, 0, 0, 0x2f, 0, 0, 0, 0]), Buffer.alloc(1)]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(payload.length);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), size, payload]);
}

export const SVG_WITH_SCRIPT = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
