// The demo's generated images (delivery pictures, signatures, profile pictures) with their measures. Drawing and
// measuring them took ~0.8 s of every fresh seed (quiet; issue 23, "Server start-up"), always with the same result:
// the compiled server draws them once when it compiles (server/launch.mjs runs server/demo-media-build.ts, which
// writes dist-server/demo-media.json) and a seed reads that file; the TypeScript server (dev, tests) draws them.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { demoAvatar, demoDeliveryPicture, demoSignature, measureImage, type ImageMeasure } from '../domain/media-image';
import { projectPath } from '../paths';

/** How many delivered demo deliveries get a picture and a signature; the blur of each picture (0 = sharp). */
export const PICTURE_BLURS = [0, 1, 0, 2, 0, 4, 1, 0] as const;
/** How many demo users get a profile picture (seed-content.ts names them). */
export const DEMO_AVATAR_COUNT = 3;

export interface DemoImage { data: Buffer; measure: ImageMeasure }
export interface DemoMedia { pictures: DemoImage[]; signatures: DemoImage[]; avatars: DemoImage[] }

/** `true` in the compiled server only (server/launch.mjs defines it): dist-server/demo-media.json holds the images. */
declare const DEMO_MEDIA_PRECOMPUTED: boolean | undefined;
const precomputed = typeof DEMO_MEDIA_PRECOMPUTED !== 'undefined' && DEMO_MEDIA_PRECOMPUTED;

export const demoMediaFile = () => projectPath('dist-server', 'demo-media.json');

const measured = (data: Buffer): DemoImage => ({ data, measure: measureImage(data) });

/** Draws and measures every demo image (seeds and blurs fixed: the same bytes and measures every time). */
export function drawDemoMedia(): DemoMedia {
  return {
    pictures: PICTURE_BLURS.map((blur, index) => measured(demoDeliveryPicture(index + 1, blur))),
    signatures: PICTURE_BLURS.map((_, index) => measured(demoSignature(index + 1))),
    avatars: Array.from({ length: DEMO_AVATAR_COUNT }, (_, index) => measured(demoAvatar(index + 1))),
  };
}

type Stored = Record<keyof DemoMedia, { data: string; measure: ImageMeasure }[]>;

/** Writes the drawn images where the compiled server's seed reads them (replaced at once: no half-written file). */
export function writeDemoMedia(file = demoMediaFile()): void {
  const media = drawDemoMedia();
  const images = (list: DemoImage[]) => list.map((image) => ({ data: image.data.toString('base64'), measure: image.measure }));
  const stored: Stored = { pictures: images(media.pictures), signatures: images(media.signatures), avatars: images(media.avatars) };
  const temporary = `${file}.${process.pid}`;
  writeFileSync(temporary, JSON.stringify(stored));
  renameSync(temporary, file);
}

function readDemoMedia(): DemoMedia | undefined {
  try {
    const stored = JSON.parse(readFileSync(demoMediaFile(), 'utf8')) as Stored;
    const images = (list: Stored[keyof Stored]) => list.map((image) => ({ data: Buffer.from(image.data, 'base64'), measure: image.measure }));
    return { pictures: images(stored.pictures), signatures: images(stored.signatures), avatars: images(stored.avatars) };
  } catch {
    return undefined; // not compiled with it (or removed since): drawn instead
  }
}

let media: DemoMedia | undefined;

/** The demo images, read from the compile's file in the compiled server, otherwise drawn (once per process). */
export function demoMedia(): DemoMedia {
  media ??= (precomputed ? readDemoMedia() : undefined) ?? drawDemoMedia();
  return media;
}
