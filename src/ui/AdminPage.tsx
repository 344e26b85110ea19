import { Box, Button, Heading, HStack, Stack, chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { BREADCRUMB_MAX_PARENTS } from '../lib/list-constants';
import { LIST_TEXTS } from '../lib/resource-texts';

export interface Crumb {
  label: string;
  to: string;
}

export interface AdminPageProps {
  title: string;
  /** Up to three parent levels (parent type, id, sub-type); the current page comes last. */
  parents?: Crumb[];
  current: Crumb;
  /** Where the create button leads; none when read-only. */
  createTo?: string;
  readOnly?: boolean;
  /** The upload button (stores, logistics status): /{type}/batches/add by default. */
  uploadTo?: string;
  /** The optional National toggle. */
  national?: { checked: boolean; onChange: (checked: boolean) => void };
  actions?: ReactNode;
  children: ReactNode;
}

/** The admin page frame (000 section 2): breadcrumb, title, create and upload buttons, National toggle. */
export function AdminPage({ title, parents = [], current, createTo, readOnly, uploadTo, national, actions, children }: AdminPageProps) {
  const trail = parents.slice(-BREADCRUMB_MAX_PARENTS);
  return (
    <Stack gap={4} p={4}>
      <chakra.nav aria-label="Breadcrumb">
        <chakra.ol display="flex" flexWrap="wrap" gap={2} listStyleType="none" fontSize="sm">
          {trail.map((crumb) => (
            <chakra.li key={crumb.to} display="flex" gap={2}>
              <RouterLink to={crumb.to}>{crumb.label}</RouterLink>
              <span aria-hidden="true">/</span>
            </chakra.li>
          ))}
          <li><RouterLink to={current.to} aria-current="page">{current.label}</RouterLink></li>
        </chakra.ol>
      </chakra.nav>
      <HStack justify="space-between" wrap="wrap" gap={2}>
        <Heading as="h1" size="lg">{title}</Heading>
        <HStack gap={2}>
          {national && (
            <chakra.label display="flex" gap={2} alignItems="center">
              <input type="checkbox" checked={national.checked} onChange={(event) => national.onChange(event.currentTarget.checked)} />
              {LIST_TEXTS.national}
            </chakra.label>
          )}
          {actions}
          {uploadTo && !readOnly && <Button asChild size="sm" variant="outline"><RouterLink to={uploadTo}>{LIST_TEXTS.upload}</RouterLink></Button>}
          {createTo && !readOnly && <Button asChild size="sm" bg="brand.solid" color="brand.contrast"><RouterLink to={createTo}>{LIST_TEXTS.create}</RouterLink></Button>}
        </HStack>
      </HStack>
      <Box>{children}</Box>
    </Stack>
  );
}
