import { Box, Flex, Input, NativeSelect, Text, type InputProps } from '@chakra-ui/react';
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
 * What a phone field holds after a keystroke: '(000) 000-0000' as the user types a national number (000 section 5,
 * 001 section 5); a number typed or stored in international form ('+27 …') is kept as it is, since the mask has no
 * room for a country code.
 */
export function maskedPhone(typed: string): string {
  return typed.trim().startsWith('+') ? typed : formatPhoneMask(typed);
}

export type MaskedPhoneFieldProps = Omit<InputProps, 'value' | 'onChange' | 'type'> & {
  value: string;
  onValueChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
};

/**
 * The one phone number input every form uses (the booking details, the profile, the back-office forms): masked
 * as '(000) 000-0000' while typing, so no phone field can be left raw.
 */
export function MaskedPhoneField({ value, onValueChange, inputRef, ...props }: MaskedPhoneFieldProps) {
  return (
    <Input
      ref={inputRef}
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder={PHONE_MASK}
      {...props}
      value={value}
      onChange={(event) => onValueChange(maskedPhone(event.currentTarget.value))}
    />
  );
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
    onValueChange(maskedPhone(typed));
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
        <MaskedPhoneField
          id={inputId}
          inputRef={inputRef}
          name={name}
          value={value}
          onValueChange={change}
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
