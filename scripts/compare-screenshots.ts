/**
 * Compares two folders of screenshots (scripts/screenshots.ts writes ./screenshots) pixel by pixel, for
 * checking that a styling change leaves the screens as they were. Prints each image that differs, with
 * how many pixels differ and the box around them, and writes a red-on-grey picture of the differences
 * beside it in the output folder. Run: bun scripts/compare-screenshots.ts <before-dir> <after-dir> [diff-dir]
 */
import { mkdir, readdir } from "node:fs/promises";
import { deflateSync, inflateSync } from "node:zlib";

interface Image {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel. */
  pixels: Uint8Array;
}

/** Decodes the PNGs Chromium writes: 8-bit greyscale, RGB or RGBA, not interlaced. */
function decodePng(bytes: Uint8Array): Image {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 8;
  let width = 0;
  let height = 0;
  let colorType = 0;
  const data: Uint8Array[] = [];
  while (offset < bytes.length) {
    const length = view.getUint32(offset);
    const type = new TextDecoder().decode(bytes.subarray(offset + 4, offset + 8));
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") {
      const header = new DataView(body.buffer, body.byteOffset, body.byteLength);
      width = header.getUint32(0);
      height = header.getUint32(4);
      if (body[8] !== 8 || body[12] !== 0) throw new Error("only 8-bit, non-interlaced PNGs");
      colorType = body[9]!;
    } else if (type === "IDAT") data.push(body);
    offset += 12 + length;
  }
  const channels = { 0: 1, 2: 3, 4: 2, 6: 4 }[colorType];
  if (!channels) throw new Error(`PNG colour type ${colorType} not handled`);
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const rows = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? rows[y * stride + x - channels]! : 0;
      const b = y > 0 ? rows[(y - 1) * stride + x]! : 0;
      const c = x >= channels && y > 0 ? rows[(y - 1) * stride + x - channels]! : 0;
      let predicted = 0;
      if (filter === 1) predicted = a;
      else if (filter === 2) predicted = b;
      else if (filter === 3) predicted = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      rows[y * stride + x] = (line[x]! + predicted) & 0xff;
    }
  }
  const pixels = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const s = i * channels;
    const grey = channels <= 2;
    pixels[i * 4] = rows[s]!;
    pixels[i * 4 + 1] = grey ? rows[s]! : rows[s + 1]!;
    pixels[i * 4 + 2] = grey ? rows[s]! : rows[s + 2]!;
    pixels[i * 4 + 3] = channels === 4 ? rows[s + 3]! : channels === 2 ? rows[s + 1]! : 255;
  }
  return { width, height, pixels };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function chunk(type: string, body: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, "ascii");
  let crc = 0xffffffff;
  for (const byte of Buffer.concat([head.subarray(4), body])) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE((crc ^ 0xffffffff) >>> 0, 0);
  return Buffer.concat([head, body, tail]);
}

function encodePng({ width, height, pixels }: Image): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const raw = Buffer.alloc(height * (width * 4 + 1));
  for (let y = 0; y < height; y++)
    raw.set(pixels.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1);
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([
    signature,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", new Uint8Array()),
  ]);
}

const [beforeDir, afterDir, diffDir = "/tmp/shots-diff"] = process.argv.slice(2);
if (!beforeDir || !afterDir) {
  console.error("usage: bun scripts/compare-screenshots.ts <before-dir> <after-dir> [diff-dir]");
  process.exit(2);
}
await mkdir(diffDir, { recursive: true });
const names = (await readdir(beforeDir)).filter((name) => name.endsWith(".png")).sort();
let differing = 0;
for (const name of names) {
  const afterFile = Bun.file(`${afterDir}/${name}`);
  if (!(await afterFile.exists())) {
    console.log(`${name}: missing after`);
    differing++;
    continue;
  }
  const before = decodePng(await Bun.file(`${beforeDir}/${name}`).bytes());
  const after = decodePng(await afterFile.bytes());
  if (before.width !== after.width || before.height !== after.height) {
    console.log(`${name}: size ${before.width}×${before.height} → ${after.width}×${after.height}`);
    differing++;
    continue;
  }
  const diff = new Uint8Array(before.pixels.length);
  let count = 0;
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -1, -1];
  for (let i = 0; i < before.width * before.height; i++) {
    const o = i * 4;
    const same =
      before.pixels[o] === after.pixels[o] &&
      before.pixels[o + 1] === after.pixels[o + 1] &&
      before.pixels[o + 2] === after.pixels[o + 2];
    if (same) {
      const grey = (before.pixels[o]! + before.pixels[o + 1]! + before.pixels[o + 2]!) / 3;
      diff.set([grey, grey, grey, 60], o);
      continue;
    }
    count++;
    diff.set([255, 0, 0, 255], o);
    const x = i % before.width;
    const y = Math.floor(i / before.width);
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  if (count === 0) continue;
  differing++;
  console.log(`${name}: ${count} pixels differ, in x ${minX}–${maxX}, y ${minY}–${maxY}`);
  await Bun.write(`${diffDir}/${name}`, encodePng({ width: before.width, height: before.height, pixels: diff }));
}
console.log(`${differing} of ${names.length} screenshots differ`);
process.exit(differing === 0 ? 0 : 1);
