import { Box, Button, Flex, Input, NativeSelect, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { DETAILS_STEP_TEXTS, WIZARD_TEXTS } from '../../lib/booking-texts';
import { ADDRESS_TYPES } from '../../lib/constants';
import { PHONE_COUNTRIES } from '../../lib/phone-countries';
import { canUseMyDetails, type detailsMachine } from '../../machines/booking/details.machine';
import type { ContactSide } from '../../machines/booking/details.types';
import { BookingField, NextSpacer, ProblemAlert, STEP_FORM_ID } from './booking-ui';
import { MaskedPhoneField } from '../../ui/PhoneInput';

type Details = ActorRefFrom<typeof detailsMachine>;

/**
 * Step 4: Pick-up → Drop-off → Additional details (optional), each with a Next button (001 section 2) that saves
 * the sub-step shown: Pick-up and Drop-off have their own here (the dialog's footer shows a spacer), Additional
 * details uses the footer's. While a sub-step saves its Next is replaced by a spacer too (the footer announces it).
 */
export function DetailsStep({ details }: { details: Details }) {
  const subStep = useSelector(details, (s) => (s.matches('pickUp') ? 0 : s.matches('dropOff') ? 1 : 2));
  const problem = useSelector(details, (s) => s.context.problem);
  const busy = useSelector(details, (s) => s.hasTag('busy'));
  return (
    <form id={STEP_FORM_ID} noValidate onSubmit={(event) => { event.preventDefault(); details.send({ type: 'details.submit' }); }}>
      <Box as="ol" display="flex" gap={4} listStyleType="none" mb={3} aria-label={DETAILS_STEP_TEXTS.subStepsLabel}>
        {DETAILS_STEP_TEXTS.subSteps.map((title, index) => (
          <Text as="li" key={title} fontWeight={index === subStep ? 'bold' : 'normal'} aria-current={index === subStep ? 'step' : undefined}>{title}</Text>
        ))}
      </Box>
      <ProblemAlert problem={problem} />
      {subStep === 0 && <ContactForm details={details} side="origin" />}
      {subStep === 1 && <ContactForm details={details} side="destination" />}
      {subStep === 2 && <AdditionalForm details={details} />}
      {subStep < 2 && (
        <Flex justify="flex-end" mt={2}>
          {busy ? <NextSpacer testId="details-next-spacer" /> : <Button type="submit" bg="secondary" color="white">{WIZARD_TEXTS.next}</Button>}
        </Flex>
      )}
    </form>
  );
}

function ContactForm({ details, side }: { details: Details; side: ContactSide }) {
  const values = useSelector(details, (s) => s.context[side]);
  const errors = useSelector(details, (s) => s.context.errors);
  const usable = useSelector(details, (s) => canUseMyDetails(s.context, side));
  const busy = useSelector(details, (s) => s.hasTag('busy'));
  const address = useSelector(details, (s) => s.context.quote[`${side}Address`]?.description ?? '');
  const edit = (field: 'contactName' | 'contactCountry' | 'phoneNumber' | 'buildingName' | 'buildingUnit' | 'remarks' | 'addressType') =>
    (event: { target: { value: string } }) => details.send({ type: 'details.edit', side, field, value: event.target.value });
  const hintId = `${side}-my-details-hint`;
  return (
    <fieldset disabled={busy} data-testid={`contact-${side}`}>
      {/* Issue 21: which address these contact details are for. */}
      <Text mb={2} data-testid={`contact-${side}-address`}>
        <Text as="span" fontWeight="semibold">{DETAILS_STEP_TEXTS.addressFor[side]}:</Text> {address}
      </Text>
      <label>
        <input type="checkbox" checked={values.sameAsUser} disabled={!usable} aria-describedby={usable ? undefined : hintId}
          onChange={(event) => details.send({ type: 'details.myDetails', side, checked: event.target.checked })} />
        {' '}{DETAILS_STEP_TEXTS.myDetails}
      </label>
      {!usable && <Text id={hintId} textStyle="xs" color="fg.muted" mb={2} data-testid="my-details-hint">{DETAILS_STEP_TEXTS.myDetailsUnavailable}</Text>}
      {/* AddressType: residential (the default) or business (001 section 3). */}
      <Box as="fieldset" mb={3} mt={2} data-testid={`address-type-${side}`}>
        <Text as="legend" fontWeight="medium" textStyle="sm" mb={1}>{DETAILS_STEP_TEXTS.addressType}</Text>
        <Flex gap={4}>
          {([[ADDRESS_TYPES.residential, DETAILS_STEP_TEXTS.residential], [ADDRESS_TYPES.business, DETAILS_STEP_TEXTS.business]] as const).map(([value, text]) => (
            <label key={value}>
              <input type="radio" name={`${side}-address-type`} value={value} checked={values.addressType === value} onChange={edit('addressType')} />
              {' '}{text}
            </label>
          ))}
        </Flex>
      </Box>
      <BookingField label={DETAILS_STEP_TEXTS.name} error={errors.contactName} required>
        <Input value={values.contactName} onChange={edit('contactName')} />
      </BookingField>
      <BookingField label={DETAILS_STEP_TEXTS.country} error={errors.contactCountry} required>
        <NativeSelect.Root>
          <NativeSelect.Field value={values.contactCountry} onChange={edit('contactCountry')}>
            {PHONE_COUNTRIES.map((country) => <option key={country.cca2} value={country.cca2}>{country.name} ({country.dialCode})</option>)}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </BookingField>
      <BookingField label={DETAILS_STEP_TEXTS.phone} error={errors.phoneNumber} required>
        <MaskedPhoneField value={values.phoneNumber} onValueChange={(value) => edit('phoneNumber')({ target: { value } })} />
      </BookingField>
      <BookingField label={DETAILS_STEP_TEXTS.buildingName}><Input value={values.buildingName} onChange={edit('buildingName')} /></BookingField>
      <BookingField label={DETAILS_STEP_TEXTS.buildingUnit}><Input value={values.buildingUnit} onChange={edit('buildingUnit')} /></BookingField>
      <BookingField label={DETAILS_STEP_TEXTS.remarks}><Input value={values.remarks} onChange={edit('remarks')} /></BookingField>
    </fieldset>
  );
}

function AdditionalForm({ details }: { details: Details }) {
  const values = useSelector(details, (s) => s.context.additional);
  const email = useSelector(details, (s) => s.context.viewer.profile?.email ?? s.context.viewer.permissions.email);
  return (
    <Box data-testid="contact-additional">
      {/* 001 section 2: the email field is disabled when the user is signed in (the wizard is only for signed-in users). */}
      <BookingField label={DETAILS_STEP_TEXTS.email} disabled>
        <Input type="email" value={email} readOnly />
      </BookingField>
      <BookingField label={DETAILS_STEP_TEXTS.orderReference}>
        <Input value={values.orderReference} onChange={(event) => details.send({ type: 'details.editAdditional', field: 'orderReference', value: event.target.value })} />
      </BookingField>
      <BookingField label={DETAILS_STEP_TEXTS.customerIdentifier}>
        <Input value={values.customerIdentifier} onChange={(event) => details.send({ type: 'details.editAdditional', field: 'customerIdentifier', value: event.target.value })} />
      </BookingField>
    </Box>
  );
}
