import { Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FIELD_ERROR_STYLE } from './theme';

/**
 * A field's error under the field: announced (role alert) and referenced by the field's aria-describedby
 * through `id`. Every form uses it, so errors read the same size and colour everywhere.
 */
export function FieldError({ id, children, testId }: { id?: string; children: ReactNode; testId?: string }) {
  return <Text id={id} role="alert" data-testid={testId} {...FIELD_ERROR_STYLE}>{children}</Text>;
}
