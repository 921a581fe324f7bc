import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

// GitHub's default avatar: a 5×5 grid, mirrored left to right, in one color derived from
// the account, on a light background; drawn here as a 420×420 PNG (70-pixel cells and a
// 35-pixel margin, GitHub's proportions). Deterministic, so it can be cached forever.
const CELL = 70;
const MARGIN = 35;
const SIZE = 5 * CELL + 2 * MARGIN;
const BACKGROUND = [240, 240, 240] as const;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(typeAndData) >>> 0);
  return Buffer.concat([length, typeAndData, checksum]);
}

function pattern(seed: Buffer): boolean[][] {
  // 15 bits fill the left three columns; the right two mirror them.
  const rows: boolean[][] = [];
  for (let row = 0; row < 5; row++) {
    const left = [0, 1, 2].map((column) => (seed[column * 5 + row]! & 1) === 1);
    rows.push([left[0]!, left[1]!, left[2]!, left[1]!, left[0]!]);
  }
  return rows;
}

function colorOf(seed: Buffer): readonly [number, number, number] {
  // A hue from the seed, at a saturation and lightness that read well on the background.
  const hue = ((seed[16]! << 8) | seed[17]!) % 360;
  const [s, l] = [0.55, 0.55];
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((hue / 60) % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] = hue < 60 ? [c, x, 0] : hue < 120 ? [x, c, 0] : hue < 180 ? [0, c, x] : hue < 240 ? [0, x, c] : hue < 300 ? [x, 0, c] : [c, 0, x];
  return [Math.round((r + m) * 255), Math.round((g + m) * 255), Math.round((b + m) * 255)];
}

export function identiconPng(accountId: number): Buffer {
  const seed = createHash('sha1').update(`forgelog-avatar:${accountId}`).digest();
  const cells = pattern(seed);
  const color = colorOf(seed);
  const raw = Buffer.alloc(SIZE * (1 + SIZE * 3));
  for (let y = 0; y < SIZE; y++) {
    const rowStart = y * (1 + SIZE * 3);
    raw[rowStart] = 0; // filter: none
    for (let x = 0; x < SIZE; x++) {
      const inGrid = x >= MARGIN && y >= MARGIN && x < SIZE - MARGIN && y < SIZE - MARGIN;
      const filled = inGrid && cells[Math.floor((y - MARGIN) / CELL)]![Math.floor((x - MARGIN) / CELL)]!;
      const [r, g, b] = filled ? color : BACKGROUND;
      const offset = rowStart + 1 + x * 3;
      raw[offset] = r;
      raw[offset + 1] = g;
      raw[offset + 2] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // color type: truecolor
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
