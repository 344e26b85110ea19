import { HStack, Input, Stack, Text, chakra } from '@chakra-ui/react';
import { filterParams } from '../resources/query';
import { LIST_TEXTS } from '../lib/resource-texts';
import type { FilterDef } from '../resources/types';
import { DateInput } from './LazyDateInput';
import { LookupFilter } from './LazyLookupFilter';
import { Select } from './Select';

export interface FiltersProps {
  filters: readonly FilterDef[];
  values: Record<string, string>;
  onChange: (name: string, value: string | undefined, clear?: readonly string[]) => void;
  onClear: () => void;
  /** The portal: with it, lookups are the shared search select (else a plain id input). */
  cca2?: string;
}

function Choice({ label, value, options, onChange }: { label: string; value: string; options: [string, string][]; onChange: (value: string) => void }) {
  return (
    <Select label={label} value={value} width="auto" onChange={onChange}>
      {options.map(([optionValue, text]) => <option key={optionValue} value={optionValue}>{text}</option>)}
    </Select>
  );
}

/**
 * The filter controls of a list (002 section 3 catalogue): yes/no, one of a list, id lookups, min/max pairs,
 * dates and the 0-100 percentage range. Each control writes its URL parameter(s) through `onChange`.
 */
export function Filters({ filters, values, onChange, onClear, cca2 }: FiltersProps) {
  if (filters.length === 0) return null;
  return (
    <chakra.fieldset>
      <chakra.legend fontWeight="bold" fontSize="sm">{LIST_TEXTS.filterBy}</chakra.legend>
      <HStack gap={4} wrap="wrap" align="end">
        {filters.map((filter) => {
          const [name, second] = filterParams(filter);
          const value = values[name!] ?? '';
          switch (filter.kind) {
            case 'boolean':
              return (
                <Stack key={name} gap={0}><Text fontSize="xs">{filter.label}</Text>
                  <Choice label={filter.label} value={value} onChange={(next) => onChange(name!, next || undefined)}
                    options={[['', LIST_TEXTS.any], ['true', LIST_TEXTS.yes], ['false', LIST_TEXTS.no]]} /></Stack>
              );
            case 'enum':
              return (
                <Stack key={name} gap={0}><Text fontSize="xs">{filter.label}</Text>
                  <Choice label={filter.label} value={value} onChange={(next) => onChange(name!, next || undefined)}
                    options={[['', LIST_TEXTS.any], ...filter.options.map((option): [string, string] => [option, filter.optionLabels?.[option] ?? option])]} /></Stack>
              );
            case 'range':
              return (
                <Stack key={name} gap={0}><Text fontSize="xs">{filter.label}</Text>
                  <HStack gap={1}>
                    <Input size="sm" width="90px" type="number" aria-label={`${filter.label} ${LIST_TEXTS.min}`} placeholder={LIST_TEXTS.min}
                      defaultValue={value} onBlur={(event) => onChange(name!, event.currentTarget.value || undefined)} />
                    <Input size="sm" width="90px" type="number" aria-label={`${filter.label} ${LIST_TEXTS.max}`} placeholder={LIST_TEXTS.max}
                      defaultValue={values[second!] ?? ''} onBlur={(event) => onChange(second!, event.currentTarget.value || undefined)} />
                  </HStack></Stack>
              );
            case 'date':
              // DD-MM-YYYY whatever the browser's locale; the URL keeps yyyy-MM-dd.
              return (
                <Stack key={name} gap={0}><Text fontSize="xs">{filter.label}</Text>
                  <DateInput label={filter.label} value={value} onChange={(next) => onChange(name!, next)} /></Stack>
              );
            case 'parent':
              // The path gives it (a nested list's parent): not the user's to change here.
              return null;
            case 'lookup':
            case 'percentRange':
              // Lookups are the shared search select when the portal is known; a plain id input otherwise.
              if (filter.kind === 'lookup' && cca2) return <LookupFilter key={name} filter={filter} cca2={cca2} values={values} onChange={onChange} />;
              return (
                <Stack key={name} gap={0}><Text fontSize="xs">{filter.label}</Text>
                  <Input size="sm" width="140px" aria-label={filter.label} type="text"
                    placeholder={filter.kind === 'percentRange' ? '0-100' : undefined}
                    defaultValue={value} onBlur={(event) => onChange(name!, event.currentTarget.value || undefined)} /></Stack>
              );
          }
        })}
        <chakra.button type="button" fontSize="sm" textDecoration="underline" onClick={onClear}>{LIST_TEXTS.clearFilters}</chakra.button>
      </HStack>
    </chakra.fieldset>
  );
}
