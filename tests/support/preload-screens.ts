import { SCREENS, type ScreenPath } from '../../src/app/screens';

/**
 * Loads the lazy chunks of these screens before a suite renders them. A file's first render otherwise waits for
 * the transform of the screen's chunk (seconds on a busy 2-core machine), longer than a `findBy` waits, and then
 * only the file's first test fails (a walk, when `-t "random walks"` filters the paths out). Once loaded, the
 * screen's `lazy()` resolves in a microtask, so the first render is as quick as any later one.
 */
export async function preloadScreens(...paths: ScreenPath[]): Promise<void> {
  await Promise.all(paths.map((path) => SCREENS[path]()));
}
