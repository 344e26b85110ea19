import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { demoDeliveryPicture, demoSignature, encodePng, measureImage } from '../../server/domain/media-image';

/** A PNG of any colour type and filter, built by hand (the decoder must undo every filter). */
function png(width: number, height: number, colourType: number, rows: number[][]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]); // the decoder does not check CRCs
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = colourType;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.from(rows.flat()))), chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('aiScore heuristic', () => {
  it('is deterministic: the same picture scores the same', () => {
    expect(measureImage(demoDeliveryPicture(3, 1))).toEqual(measureImage(demoDeliveryPicture(3, 1)));
  });

  it('a sharp picture scores above the same picture blurred', () => {
    const sharp = measureImage(demoDeliveryPicture(5, 0)).aiScore!;
    const blurred = measureImage(demoDeliveryPicture(5, 3)).aiScore!;
    expect(sharp).toBeGreaterThan(blurred);
  });

  it('a flat image has no sharpness or contrast: only the resolution part counts', () => {
    const big = encodePng(240, 240, new Uint8Array(240 * 240 * 3).fill(200));
    expect(measureImage(big)).toEqual({ width: 240, height: 240, aiScore: 20 });
    const small = encodePng(24, 24, new Uint8Array(24 * 24 * 3).fill(200));
    expect(measureImage(small).aiScore).toBe(2);
  });

  it('a signature on white is measured (contrast from the stroke)', () => {
    expect(measureImage(demoSignature(1)).aiScore).toBeGreaterThan(50);
  });

  it('undoes the Sub, Up, Average and Paeth filters: the same pixels score the same whatever the filter', () => {
    // 2 × 2 grey: 10 200 / 200 10, written with filter 0 and with filters 1-4.
    const plain = png(2, 2, 0, [[0, 10, 200], [0, 200, 10]]);
    const sub = png(2, 2, 0, [[1, 10, 190], [2, 190, (10 - 200 + 256) % 256]]);
    const average = png(2, 2, 0, [[3, 10, 195], [4, 190, (10 - 200 + 256) % 256]]);
    expect(measureImage(sub)).toEqual(measureImage(plain));
    expect(measureImage(average)).toEqual(measureImage(plain));
  });

  it('grey + alpha is composited over white; a fully transparent image is white (flat)', () => {
    const transparent = png(2, 2, 4, [[0, 0, 0, 0, 0], [0, 0, 0, 0, 0]]);
    const white = png(2, 2, 0, [[0, 255, 255], [0, 255, 255]]);
    expect(measureImage(transparent)).toEqual(measureImage(white));
  });

  it('what it cannot decode has no score: JPEG, garbage, a truncated PNG', () => {
    expect(measureImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]))).toEqual({ width: null, height: null, aiScore: null });
    expect(measureImage(Buffer.from('not an image at all, just text'))).toEqual({ width: null, height: null, aiScore: null });
    const truncated = demoSignature(2).subarray(0, 40);
    expect(measureImage(truncated).aiScore).toBeNull();
  });
});
