import { deflateSync, inflateSync } from 'node:zlib';

/**
 * Images of the media screens, without an image library: a PNG decoder (8- and 16-bit, every colour type,
 * not interlaced) and encoder (for the seed's generated pictures), and the aiScore.
 *
 * aiScore (002 section 3 "Media item: id, aiScore") — there is no AI service offline, so the score is an
 * honest, deterministic image-quality heuristic, 0-100, computed once when an item is stored:
 *
 *   luminance  Y = 0.299 R + 0.587 G + 0.114 B (alpha composited over white, palette resolved)
 *   sharpness  S = min(1, σ(Laplacian of Y) / 25)     — the 4-neighbour Laplacian; blur lowers its spread
 *   contrast   C = min(1, σ(Y) / 60)                  — a washed-out or black picture scores low
 *   resolution R = min(1, min(width, height) / 240)   — a thumbnail-sized capture is not proof
 *   aiScore    = round(100 × (0.45 S + 0.35 C + 0.20 R))
 *
 * Images it cannot decode (JPEG, WebP, interlaced or sub-byte PNG) get no score (null): a number we did
 * not measure would be a lie.
 */

export const AI_SCORE_WEIGHTS = { sharpness: 0.45, contrast: 0.35, resolution: 0.2 } as const;
export const AI_SCORE_SCALES = { laplacianSigma: 25, luminanceSigma: 60, goodShortSide: 240 } as const;
/** Larger images are measured on every n-th row and column so a score never costs more than this many pixels. */
const MAX_MEASURED_PIXELS = 4_000_000;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An 8-bit RGB PNG of `rgb` (width × height × 3 bytes, row by row). */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type RGB
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    raw[y * (width * 3 + 1)] = 0; // filter: none
    Buffer.from(rgb.buffer, rgb.byteOffset + y * width * 3, width * 3).copy(raw, y * (width * 3 + 1) + 1);
  }
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

export interface ImageMeasure {
  width: number | null;
  height: number | null;
  aiScore: number | null;
}

interface Decoded {
  width: number;
  height: number;
  /** Luminance 0-255 per pixel. */
  luminance: Float32Array;
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** The PNG's dimensions, and its luminance when the format is one we decode; undefined when it is no PNG. */
function decodePng(data: Buffer): { width: number; height: number; decoded?: Decoded } | undefined {
  if (data.length < 33 || !data.subarray(0, 8).equals(PNG_SIGNATURE)) return undefined;
  let offset = 8;
  let width = 0;
  let height = 0;
  let bitDepth = 0;
  let colourType = 0;
  let interlace = 0;
  let palette: Buffer | undefined;
  let transparency: Buffer | undefined;
  const idat: Buffer[] = [];
  while (offset + 8 <= data.length) {
    const length = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    const body = data.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      bitDepth = body[8]!;
      colourType = body[9]!;
      interlace = body[12]!;
    } else if (type === 'PLTE') palette = body;
    else if (type === 'tRNS') transparency = body;
    else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  if (!width || !height) return undefined;
  const channels = CHANNELS[colourType];
  const decodable = channels !== undefined && interlace === 0 && (bitDepth === 8 || (bitDepth === 16 && colourType !== 3))
    && (colourType !== 3 || palette !== undefined) && width * height <= 64_000_000;
  if (!decodable) return { width, height };
  let raw: Buffer;
  try {
    raw = inflateSync(Buffer.concat(idat));
  } catch {
    return { width, height };
  }
  const bytesPerSample = bitDepth / 8;
  const bpp = channels * bytesPerSample;
  const stride = width * bpp;
  if (raw.length < (stride + 1) * height) return { width, height };
  const step = Math.max(1, Math.ceil(Math.sqrt((width * height) / MAX_MEASURED_PIXELS)));
  const outWidth = Math.ceil(width / step);
  const outHeight = Math.ceil(height / step);
  const luminance = new Float32Array(outWidth * outHeight);
  let previous = Buffer.alloc(stride);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)]!;
    const line = Buffer.from(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
    for (let i = 0; i < stride; i += 1) {
      const left = i >= bpp ? line[i - bpp]! : 0;
      const up = previous[i]!;
      const upLeft = i >= bpp ? previous[i - bpp]! : 0;
      switch (filter) {
        case 1: line[i] = (line[i]! + left) & 0xff; break;
        case 2: line[i] = (line[i]! + up) & 0xff; break;
        case 3: line[i] = (line[i]! + ((left + up) >> 1)) & 0xff; break;
        case 4: line[i] = (line[i]! + paeth(left, up, upLeft)) & 0xff; break;
        default: break;
      }
    }
    previous = line;
    if (y % step !== 0) continue;
    for (let x = 0; x < width; x += step) {
      const sample = (channel: number) => line[x * bpp + channel * bytesPerSample]!; // 16-bit: the high byte
      let red: number; let green: number; let blue: number; let alpha = 255;
      if (colourType === 3) {
        const index = sample(0);
        red = palette![index * 3] ?? 0; green = palette![index * 3 + 1] ?? 0; blue = palette![index * 3 + 2] ?? 0;
        alpha = transparency?.[index] ?? 255;
      } else if (colourType === 0 || colourType === 4) {
        red = green = blue = sample(0);
        if (colourType === 4) alpha = sample(1);
      } else {
        red = sample(0); green = sample(1); blue = sample(2);
        if (colourType === 6) alpha = sample(3);
      }
      const y8 = 0.299 * red + 0.587 * green + 0.114 * blue;
      luminance[(y / step) * outWidth + x / step] = (y8 * alpha + 255 * (255 - alpha)) / 255;
    }
  }
  return { width, height, decoded: { width: outWidth, height: outHeight, luminance } };
}

function standardDeviation(sum: number, sumOfSquares: number, n: number): number {
  if (n === 0) return 0;
  const mean = sum / n;
  return Math.sqrt(Math.max(0, sumOfSquares / n - mean * mean));
}

/** The aiScore of decoded luminance at the original dimensions (see the formula above). */
export function scoreOf(decoded: Decoded, width: number, height: number): number {
  const { luminance, width: w, height: h } = decoded;
  let sum = 0;
  let squares = 0;
  for (const value of luminance) {
    sum += value;
    squares += value * value;
  }
  let lapSum = 0;
  let lapSquares = 0;
  let lapCount = 0;
  for (let y = 1; y < h - 1; y += 1) {
    for (let x = 1; x < w - 1; x += 1) {
      const i = y * w + x;
      const laplacian = 4 * luminance[i]! - luminance[i - 1]! - luminance[i + 1]! - luminance[i - w]! - luminance[i + w]!;
      lapSum += laplacian;
      lapSquares += laplacian * laplacian;
      lapCount += 1;
    }
  }
  const sharpness = Math.min(1, standardDeviation(lapSum, lapSquares, lapCount) / AI_SCORE_SCALES.laplacianSigma);
  const contrast = Math.min(1, standardDeviation(sum, squares, luminance.length) / AI_SCORE_SCALES.luminanceSigma);
  const resolution = Math.min(1, Math.min(width, height) / AI_SCORE_SCALES.goodShortSide);
  return Math.round(100 * (AI_SCORE_WEIGHTS.sharpness * sharpness + AI_SCORE_WEIGHTS.contrast * contrast + AI_SCORE_WEIGHTS.resolution * resolution));
}

/** Dimensions and aiScore of an image's bytes (nulls where they cannot be measured). */
export function measureImage(data: Buffer): ImageMeasure {
  let png: ReturnType<typeof decodePng>;
  try {
    png = decodePng(data);
  } catch {
    // A truncated or corrupt file: stored as it is, unmeasured.
    png = undefined;
  }
  if (!png) return { width: null, height: null, aiScore: null };
  return { width: png.width, height: png.height, aiScore: png.decoded ? scoreOf(png.decoded, png.width, png.height) : null };
}

// ---- Generated demo pictures (deterministic: the same seed draws the same bytes) ---------------------------

/** A small linear congruential generator (Numerical Recipes constants): deterministic noise for the seed. */
function generator(seed: number) {
  let state = (seed * 2654435761) >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 0x100000000;
  };
}

function boxBlur(rgb: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  if (radius <= 0) return rgb;
  const out = new Uint8Array(rgb.length);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      for (let c = 0; c < 3; c += 1) {
        let total = 0;
        let n = 0;
        for (let dy = -radius; dy <= radius; dy += 1) {
          for (let dx = -radius; dx <= radius; dx += 1) {
            const yy = Math.min(height - 1, Math.max(0, y + dy));
            const xx = Math.min(width - 1, Math.max(0, x + dx));
            total += rgb[(yy * width + xx) * 3 + c]!;
            n += 1;
          }
        }
        out[(y * width + x) * 3 + c] = Math.round(total / n);
      }
    }
  }
  return out;
}

/** A parcel at a door (320 × 240): wall, door, floor and a taped box; `blur` softens it (a shaky capture). */
export function demoDeliveryPicture(seed: number, blur: number): Buffer {
  const width = 320;
  const height = 240;
  const random = generator(seed);
  const rgb = new Uint8Array(width * height * 3);
  const boxX = 110 + Math.floor(random() * 60);
  const boxW = 90 + Math.floor(random() * 30);
  const boxTop = 130 + Math.floor(random() * 20);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let colour: [number, number, number];
      if (y >= 190) colour = [120, 110, 100]; // floor
      else if (x >= 200 && x < 280 && y >= 30) colour = [90, 60, 40]; // door
      else colour = [200, 195, 180]; // wall
      if (x >= boxX && x < boxX + boxW && y >= boxTop && y < 215) {
        const tape = Math.abs(x - (boxX + boxW / 2)) < 4 || y - boxTop < 4;
        colour = tape ? [230, 220, 160] : [170, 120, 70];
      }
      const noise = Math.floor((random() - 0.5) * 10);
      const i = (y * width + x) * 3;
      rgb[i] = Math.max(0, Math.min(255, colour[0] + noise));
      rgb[i + 1] = Math.max(0, Math.min(255, colour[1] + noise));
      rgb[i + 2] = Math.max(0, Math.min(255, colour[2] + noise));
    }
  }
  return encodePng(width, height, boxBlur(rgb, width, height, blur));
}

/** A signature (360 × 160): a dark pen stroke on white, its loops varied by `seed`. */
export function demoSignature(seed: number): Buffer {
  const width = 360;
  const height = 160;
  const random = generator(seed);
  const rgb = new Uint8Array(width * height * 3).fill(255);
  const loops = 3 + Math.floor(random() * 3);
  const amplitude = 30 + random() * 20;
  const phase = random() * Math.PI;
  for (let t = 0; t <= 4000; t += 1) {
    const progress = t / 4000;
    const x = 30 + progress * 300 + 18 * Math.sin(progress * loops * 2 * Math.PI * 2 + phase);
    const y = 80 + amplitude * Math.sin(progress * loops * 2 * Math.PI + phase) * (1 - progress * 0.5);
    for (let dy = -1; dy <= 1; dy += 1) {
      for (let dx = -1; dx <= 1; dx += 1) {
        const px = Math.round(x) + dx;
        const py = Math.round(y) + dy;
        if (px < 0 || py < 0 || px >= width || py >= height) continue;
        const i = (py * width + px) * 3;
        rgb[i] = 20; rgb[i + 1] = 30; rgb[i + 2] = 90;
      }
    }
  }
  return encodePng(width, height, rgb);
}

/** A profile picture (200 × 200): a head and shoulders on a coloured ground picked by `seed`. */
export function demoAvatar(seed: number): Buffer {
  const size = 200;
  const random = generator(seed);
  const ground: [number, number, number] = [60 + Math.floor(random() * 150), 60 + Math.floor(random() * 150), 60 + Math.floor(random() * 150)];
  const skin: [number, number, number] = [120 + Math.floor(random() * 100), 80 + Math.floor(random() * 80), 50 + Math.floor(random() * 60)];
  const rgb = new Uint8Array(size * size * 3);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const head = (x - 100) ** 2 + (y - 80) ** 2 < 40 ** 2;
      const shoulders = y > 140 && (x - 100) ** 2 / 80 ** 2 + (y - 200) ** 2 / 60 ** 2 < 1;
      const colour = head ? skin : shoulders ? [40, 50, 70] : ground;
      const i = (y * size + x) * 3;
      rgb[i] = colour[0]!; rgb[i + 1] = colour[1]!; rgb[i + 2] = colour[2]!;
    }
  }
  return encodePng(size, size, rgb);
}
