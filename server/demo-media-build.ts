// Run by server/launch.mjs after it compiles the server: draws the demo images once (server/db/seed-media.ts).
import { writeDemoMedia } from './db/seed-media';

writeDemoMedia();
