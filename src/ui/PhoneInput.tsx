import { Box, Flex, Input, NativeSelect, Text } from '@chakra-ui/react';
import { useId, type Ref } from 'react';
import { formatPhoneMask, PHONE_MASK } from '../lib/phone';
import { FieldError } from './FieldError';
import { PHONE_COUNTRIES, splitPhone } from '../lib/phone-countries';

export interface PhoneInputProps {
  /** The national number as shown, in the mask '(000) 000-0000'. */
  value: string;
  onValueChange: (value: string) => void;
  /** ISO code of the selected country (defaults to South Africa, +27, where the caller has none). */
  country: string;
  onCountryChange: (cca2: string) => void;
  label?: string;
  /** The number input's name and id (the country select gets `${name}Country`). */
  name?: string;
  countryName?: string;
  id?: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The phone input of 000 section 5: a country selector (default South Africa, +27) and the number masked as
 * (000) 000-0000 while typing. A pasted international number ('+264 81 …') selects its country.
 */
export function PhoneInput({
  value, onValueChange, country, onCountryChange, label = 'Phone number', name = 'phoneNumber',
  countryName = 'contactCountryCode', id, error, required = false, disabled = false, inputRef,
}: PhoneInputProps) {
  const generated = useId();
  const inputId = id ?? `${generated}-phone`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;

  const change = (typed: string) => {
    if (typed.trim().startsWith('+')) {
      const split = splitPhone(typed, country);
      if (split.country !== country) onCountryChange(split.country);
      onValueChange(split.national);
      return;
    }
    onValueChange(formatPhoneMask(typed));
  };

  return (
    <Box mb={3}>
      <Text asChild display="block" fontWeight="medium" textStyle="sm" mb={1.5}>
        <label htmlFor={inputId}>
          {label}
          {required && <Box as="span" color="fg.error" aria-hidden ms={1}>*</Box>}
        </label>
      </Text>
      <Flex gap={2}>
        <NativeSelect.Root width={{ base: '40%', md: '16rem' }} flexShrink={0} disabled={disabled}>
          <NativeSelect.Field
            name={countryName}
            aria-label="Country code"
            value={country}
            onChange={(event) => onCountryChange(event.currentTarget.value)}
            bg="bg"
          >
            {PHONE_COUNTRIES.map((option) => (
              <option key={option.cca2} value={option.cca2}>{`${option.name} (${option.dialCode})`}</option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Input
          id={inputId}
          ref={inputRef}
          name={name}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder={PHONE_MASK}
          value={value}
          onChange={(event) => change(event.currentTarget.value)}
          required={required}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          bg="bg"
          flex="1"
        />
      </Flex>
      <Text id={hintId} textStyle="xs" color="fg.muted" mt={1}>{`Format ${PHONE_MASK}`}</Text>
      {error && (
        <Box mt={1}><FieldError id={errorId}>{error}</FieldError></Box>
      )}
    </Box>
  );
}
