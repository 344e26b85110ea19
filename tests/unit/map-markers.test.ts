import { describe, expect, it } from 'vitest';
import { DRIVER_AVAILABILITY_COLOURS, TASK_STATUS_COLOURS } from '../../src/machines/dashboard/dashboard-view';
import { DRIVER_MARKER_COLOUR, MARKER_COLOUR, markerBox } from '../../src/ui/map-projection';

/** WCAG 2 contrast ratio of white text on a #rrggbb background. */
function contrastWithWhite(hex: string): number {
  const linear = (at: number) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  };
  return 1.05 / (0.2126 * linear(1) + 0.7152 * linear(3) + 0.0722 * linear(5) + 0.05);
}

describe('map markers', () => {
  it('every marker colour carries white text at 4.5:1 or better (small bold text)', () => {
    const colours: [string, string][] = [
      ['default', MARKER_COLOUR],
      ['route driver', DRIVER_MARKER_COLOUR],
      ...Object.entries(DRIVER_AVAILABILITY_COLOURS).map(([id, colour]): [string, string] => [`driver ${id}`, colour]),
      ...Object.entries(TASK_STATUS_COLOURS).map(([id, colour]): [string, string] => [`task ${id}`, colour]),
    ];
    const tooLight = colours.filter(([, colour]) => contrastWithWhite(colour) < 4.5);
    expect(tooLight).toEqual([]);
  });

  it('draws a circle for one or two characters and a pill wide enough for a word', () => {
    expect(markerBox('A')).toEqual({ width: 24, height: 24, fontPx: 12 });
    expect(markerBox('AB')).toEqual({ width: 28, height: 28, fontPx: 10 });
    const driver = markerBox('Driver');
    expect(driver.height).toBe(28);
    expect(driver.width).toBeGreaterThan(6 * driver.fontPx * 0.6);
  });
});
