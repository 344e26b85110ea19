import { Box } from '@chakra-ui/react';
import type { ComponentType } from 'react';
import { lazyPart } from './lazy-part';
import type { RouteMapProps } from './RouteMap';

// Leaflet (about 45 kB gzip of script and 6 kB of CSS) loads only when a map is first shown, not with the
// screens that may show one (the booking wizard's map is optional; the dashboard shows it in a job's details).
/** The route map (src/ui/RouteMap.tsx), loaded on first use; the same props. */
export const RouteMap = lazyPart(
  () => import('./RouteMap'),
  (module): ComponentType<RouteMapProps> => module.RouteMap,
  (props) => <Box data-testid="route-map-loading" h={`${props.height ?? 260}px`} maxW={`${props.width ?? 480}px`} bg="#eef0f2" />,
);
