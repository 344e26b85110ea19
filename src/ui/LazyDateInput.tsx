import { Box } from '@chakra-ui/react';
import type { ComponentType } from 'react';
import { lazyPart } from './lazy-part';
import type { DateInputProps } from './DateInput';

// The date field and its DD-MM-YYYY parsing load with the first list that has a date filter or a bulk action asking
// for a date (17 of the 48 lists), not with every list.
/** The date field (src/ui/DateInput.tsx), loaded on first use; the same props. */
export const DateInput = lazyPart(
  () => import('./DateInput'),
  (module): ComponentType<DateInputProps> => module.DateInput,
  (props) => <Box data-testid="date-input-loading" h="2rem" w={props.width ?? '150px'} />,
);
