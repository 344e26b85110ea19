import { Stack, Table, Text } from '@chakra-ui/react';
import { tableSlotRecipe } from '@chakra-ui/react/theme';
import type { RateImpact } from '../../machines/rates/rate-batch.types';

export const RATE_IMPACT_TEXTS = {
  preview: 'Preview impact',
  heading: 'Impact on the last 30 days',
  summary: (impact: RateImpact) => `${impact.changed} of ${impact.quotesConsidered} quotes would be priced differently`
    + (impact.noLongerPriced > 0 ? `; ${impact.noLongerPriced} would no longer be priced` : '')
    + (impact.newlyPriced > 0 ? `; ${impact.newlyPriced} would be priced that are not today` : '') + '.',
  rows: (applied: number, refused: number) => `${applied} rows change or add a rate` + (refused > 0 ? `; ${refused} overlap another rate and would be refused` : '') + '.',
  byGroup: 'By company and service level',
  latest: 'Latest changed quotes',
  listPrice: 'List price',
  columns: { company: 'Company', sla: 'Service level', changed: 'Quotes', min: 'Min', median: 'Median', max: 'Max', total: 'Total',
    waybill: 'Quote', old: 'Old price', new: 'New price', difference: 'Difference' },
} as const;

/** A rate batch's impact preview (issue 16): the figures per company and service level, then the latest quotes old vs new. */
export function RateImpactView({ impact, money }: { impact: RateImpact; money: (cents: number) => string }) {
  const c = RATE_IMPACT_TEXTS.columns;
  const signed = (cents: number) => (cents > 0 ? `+${money(cents)}` : money(cents));
  return (
    <Stack gap={3} role="region" aria-label={RATE_IMPACT_TEXTS.heading}>
      <Text fontWeight="semibold">{RATE_IMPACT_TEXTS.heading}</Text>
      <Text>{RATE_IMPACT_TEXTS.summary(impact)}</Text>
      <Text>{RATE_IMPACT_TEXTS.rows(impact.rowsApplied, impact.rowsRefused)}</Text>
      {impact.groups.length > 0 && (
        <Table.Root recipe={tableSlotRecipe} size="sm" aria-label={RATE_IMPACT_TEXTS.byGroup}>
          <Table.Header>
            <Table.Row>{[c.company, c.sla, c.changed, c.min, c.median, c.max, c.total].map((label) => <Table.ColumnHeader key={label}>{label}</Table.ColumnHeader>)}</Table.Row>
          </Table.Header>
          <Table.Body>
            {impact.groups.map((group) => (
              <Table.Row key={`${group.companyId ?? ''}|${group.slaType}`}>
                <Table.Cell>{group.companyName ?? RATE_IMPACT_TEXTS.listPrice}</Table.Cell>
                <Table.Cell>{group.slaType}</Table.Cell>
                <Table.Cell>{group.changed}</Table.Cell>
                <Table.Cell>{signed(group.minCents)}</Table.Cell>
                <Table.Cell>{signed(group.medianCents)}</Table.Cell>
                <Table.Cell>{signed(group.maxCents)}</Table.Cell>
                <Table.Cell>{signed(group.totalCents)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      {impact.samples.length > 0 && (
        <Table.Root recipe={tableSlotRecipe} size="sm" aria-label={RATE_IMPACT_TEXTS.latest}>
          <Table.Header>
            <Table.Row>{[c.waybill, c.company, c.sla, c.old, c.new, c.difference].map((label) => <Table.ColumnHeader key={label}>{label}</Table.ColumnHeader>)}</Table.Row>
          </Table.Header>
          <Table.Body>
            {impact.samples.map((sample) => (
              <Table.Row key={`${sample.deliveryId}|${sample.slaType}`}>
                <Table.Cell>{sample.waybill ?? `#${sample.deliveryId}`}</Table.Cell>
                <Table.Cell>{sample.companyName ?? RATE_IMPACT_TEXTS.listPrice}</Table.Cell>
                <Table.Cell>{sample.slaType}</Table.Cell>
                <Table.Cell>{money(sample.oldPriceExclCents)}</Table.Cell>
                <Table.Cell>{money(sample.newPriceExclCents)}</Table.Cell>
                <Table.Cell>{signed(sample.differenceCents)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Stack>
  );
}
