// Draws the app icon (three candlesticks on a dark rounded square) as PNG files in assets/ and the
// renderer's favicon. Run once after changing the design: `node scripts/make-icon.ts`.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

type Rgba = [number, number, number, number];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

function png(size: number, pixel: (x: number, y: number) => Rgba): Buffer {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) raw.set(pixel(x, y), y * (size * 4 + 1) + 1 + x * 4);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const BG: Rgba = [22, 26, 33, 255];
const CLEAR: Rgba = [0, 0, 0, 0];
const UP: Rgba = [63, 207, 142, 255];
const DOWN: Rgba = [255, 107, 107, 255];
const ACCENT: Rgba = [90, 169, 255, 255];

/** Candles in a 0..1 square: [centre x, wick top, body top, body bottom, wick bottom, colour]. */
const CANDLES: Array<[number, number, number, number, number, Rgba]> = [
  [0.3, 0.3, 0.4, 0.68, 0.78, DOWN],
  [0.5, 0.2, 0.28, 0.58, 0.66, UP],
  [0.7, 0.16, 0.22, 0.44, 0.52, ACCENT],
];

function icon(size: number): Buffer {
  const r = 0.18;
  return png(size, (px, py) => {
    const x = (px + 0.5) / size;
    const y = (py + 0.5) / size;
    const dx = Math.max(r - x, x - (1 - r), 0);
    const dy = Math.max(r - y, y - (1 - r), 0);
    if (dx * dx + dy * dy > r * r) return CLEAR;
    for (const [cx, wickTop, top, bottom, wickBottom, colour] of CANDLES) {
      if (Math.abs(x - cx) < 0.06 && y >= top && y <= bottom) return colour;
      if (Math.abs(x - cx) < 0.012 && y >= wickTop && y <= wickBottom) return colour;
    }
    return BG;
  });
}

writeFileSync('assets/icon.png', icon(512));
writeFileSync('renderer/public/favicon.png', icon(64));
console.log('wrote assets/icon.png and renderer/public/favicon.png');
