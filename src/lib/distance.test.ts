import { describe, it, expect } from 'vitest';
import { bearingDegrees, formatDistance, haversineKm, markerLabel } from './distance';

const CAPE_TOWN = { lat: -33.9249, lon: 18.4241 };
const JOHANNESBURG = { lat: -26.2041, lon: 28.0473 };

describe('haversineKm', () => {
  // On a 6371 km sphere the great circle is 1261.58 km (the spherical law of cosines agrees); the
  // ~1264 km often quoted comes from the ellipsoid, which the spec's constant does not model.
  it('Cape Town to Johannesburg is 1261.58 km on the 6371 km sphere', () => {
    expect(haversineKm(CAPE_TOWN, JOHANNESBURG)).toBeCloseTo(1261.58, 2);
  });

  it('is symmetric and zero for the same point', () => {
    expect(haversineKm(JOHANNESBURG, CAPE_TOWN)).toBeCloseTo(haversineKm(CAPE_TOWN, JOHANNESBURG), 9);
    expect(haversineKm(CAPE_TOWN, CAPE_TOWN)).toBe(0);
  });

  it('uses radius 6371 km: a quarter meridian is 6371 × π/2', () => {
    expect(haversineKm({ lat: 0, lon: 0 }, { lat: 90, lon: 0 })).toBeCloseTo((6371 * Math.PI) / 2, 6);
  });
});

describe('bearingDegrees', () => {
  it('cardinal directions', () => {
    expect(bearingDegrees({ lat: 0, lon: 0 }, { lat: 1, lon: 0 })).toBeCloseTo(0, 6);
    expect(bearingDegrees({ lat: 0, lon: 0 }, { lat: 0, lon: 1 })).toBeCloseTo(90, 6);
    expect(bearingDegrees({ lat: 0, lon: 0 }, { lat: -1, lon: 0 })).toBeCloseTo(180, 6);
    expect(bearingDegrees({ lat: 0, lon: 0 }, { lat: 0, lon: -1 })).toBeCloseTo(270, 6);
  });

  it('Cape Town to Johannesburg heads north-east', () => {
    const b = bearingDegrees(CAPE_TOWN, JOHANNESBURG);
    expect(b).toBeGreaterThan(40);
    expect(b).toBeLessThan(50);
  });
});

describe('formatDistance', () => {
  it('km with 2 decimals', () => {
    expect(formatDistance(12.345)).toBe('12.35 km');
    expect(formatDistance(12.3449)).toBe('12.34 km');
    expect(formatDistance(0.85)).toBe('0.85 km');
    expect(formatDistance(1263.9)).toBe('1263.90 km');
  });

  it('metres under 1 km when asked', () => {
    expect(formatDistance(0.85, { metresUnder1Km: true })).toBe('850 m');
    expect(formatDistance(0.8504, { metresUnder1Km: true })).toBe('850 m');
    expect(formatDistance(0.9996, { metresUnder1Km: true })).toBe('1.00 km');
    expect(formatDistance(1.5, { metresUnder1Km: true })).toBe('1.50 km');
  });
});

describe('markerLabel', () => {
  it('A, B … Z, AA', () => {
    expect(markerLabel(0)).toBe('A');
    expect(markerLabel(1)).toBe('B');
    expect(markerLabel(25)).toBe('Z');
    expect(markerLabel(26)).toBe('AA');
    expect(markerLabel(27)).toBe('AB');
    expect(markerLabel(51)).toBe('AZ');
    expect(markerLabel(52)).toBe('BA');
  });

  it('rejects negative indexes', () => {
    expect(() => markerLabel(-1)).toThrow(RangeError);
  });
});
