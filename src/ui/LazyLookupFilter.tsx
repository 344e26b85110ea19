import { Box } from '@chakra-ui/react';
import type { ComponentType } from 'react';
import { lazyPart } from './lazy-part';
import type { LookupFilterProps } from './LookupFilter';

// The search select and its chart (about 4 kB gzip) load with the first list that has a lookup filter, not with
// every list (the hubs' and vehicles' lists have none).
/** The lookup filter (src/ui/LookupFilter.tsx), loaded on first use; the same props. */
export const LookupFilter = lazyPart(
  () => import('./LookupFilter'),
  (module): ComponentType<LookupFilterProps> => module.LookupFilter,
  (props) => <Box data-testid={`lookup-filter-loading-${props.filter.name}`} h="2.5rem" minW="12rem" />,
);
