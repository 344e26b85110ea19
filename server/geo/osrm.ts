// OSRM as the router: the driving distance of the fastest route (/route/v1/driving). When OSRM finds no route
// or cannot be reached, the distance falls back to the great-circle estimate, so quoting never stops because
// the router is down; `onFallback` hears why (the server logs it).
import { estimateDrivingKm } from './great-circle';
import { endpoint, getJson } from './http';
import type { Router } from './types';

interface OsrmAnswer { code?: string; routes?: { distance?: number }[] }

export function osrmRouter(baseUrl: string, timeoutMs: number, onFallback: (reason: string) => void = () => undefined): Router {
  return {
    name: 'osrm',
    async distanceKm(from, to) {
      const coordinates = [from, to].map((point) => `${point.lon.toFixed(6)},${point.lat.toFixed(6)}`).join(';');
      const url = endpoint(baseUrl, `route/v1/driving/${coordinates}`);
      url.search = 'overview=false&alternatives=false&steps=false';
      try {
        const answer = await getJson(url, timeoutMs) as OsrmAnswer | undefined;
        const metres = answer?.routes?.[0]?.distance;
        if (answer?.code === 'Ok' && typeof metres === 'number' && Number.isFinite(metres)) return metres / 1000;
        onFallback(`OSRM answered ${answer?.code ?? 'no code'}`);
      } catch (error) {
        onFallback((error as Error).message);
      }
      return estimateDrivingKm(from, to);
    },
  };
}
