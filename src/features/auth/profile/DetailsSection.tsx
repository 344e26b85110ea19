import { Button, Link, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { ACCOUNT_TEXTS } from '../../../lib/error-catalogue';
import { detailsOf, type Profile, type profileMachine } from '../../../machines/auth/profile.machine';
import { PhoneInput } from '../../../ui/PhoneInput';
import { AccountField, otherErrors, ProblemNotice, Section, useFocusFirstError } from '../account-ui';
import { formValues } from '../sign-in-ui';

const TEXT_FIELDS = ['firstName', 'lastName', 'unitName', 'unitNumber'] as const;
/** Form order, for the focus on the first invalid field. */
const FIELDS = ['firstName', 'lastName', 'phoneNumber', 'contactCountryCode', 'unitName', 'unitNumber'] as const;

function PhoneStatus({ profile }: { profile: Profile }) {
  if (!profile.phoneNumber) return null;
  if (profile.phoneNumberConfirmed) return <Text textStyle="sm" color="fg.muted" mb={3}>Phone number confirmed.</Text>;
  return (
    <Text textStyle="sm" mb={3} data-testid="phone-unconfirmed">
      {ACCOUNT_TEXTS.phoneUnconfirmed}{' '}
      <Link asChild color="secondary">
        <RouterLink to="/confirm-phone">Confirm your phone number</RouterLink>
      </Link>
    </Text>
  );
}

/**
 * The profile's details (000 section 3): first and last name, the phone with its country (default South
 * Africa, +27), unit name and number; the company name read-only. Saved with PUT v1/profile.
 */
export function DetailsSection({ actor }: { actor: ActorRefFrom<typeof profileMachine> }) {
  const profile = useSelector(actor, (snapshot) => snapshot.context.profile)!;
  const errors = useSelector(actor, (snapshot) => snapshot.context.errors);
  const problem = useSelector(actor, (snapshot) => snapshot.context.problem);
  const saving = useSelector(actor, (snapshot) => snapshot.matches({ ready: 'saving' }));
  const [initial] = useState(() => detailsOf(profile));
  const [phone, setPhone] = useState(initial.phoneNumber);
  const [country, setCountry] = useState(initial.contactCountryCode);
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, errors, FIELDS);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = formValues(event.currentTarget, TEXT_FIELDS);
    actor.send({ type: 'profile.save', values: { ...values, phoneNumber: phone, contactCountryCode: country } });
  };

  return (
    <Section title="Details">
      <ProblemNotice problem={problem} extra={otherErrors(errors, FIELDS)} />
      <form ref={form} onSubmit={submit} noValidate aria-label="Details">
        <AccountField idPrefix="profile" name="firstName" label="First name" autoComplete="given-name" defaultValue={initial.firstName} error={errors.firstName} />
        <AccountField idPrefix="profile" name="lastName" label="Last name" autoComplete="family-name" defaultValue={initial.lastName} error={errors.lastName} />
        <PhoneInput
          id="profile-phoneNumber"
          value={phone}
          onValueChange={setPhone}
          country={country}
          onCountryChange={setCountry}
          error={errors.phoneNumber ?? errors.contactCountryCode}
        />
        <PhoneStatus profile={profile} />
        <AccountField idPrefix="profile" name="unitName" label="Unit name" required={false} defaultValue={initial.unitName} error={errors.unitName} />
        <AccountField idPrefix="profile" name="unitNumber" label="Unit number" required={false} defaultValue={initial.unitNumber} error={errors.unitNumber} />
        {profile.company && (
          <AccountField idPrefix="profile" name="companyName" label="Company" required={false} readOnly defaultValue={profile.company.companyName} />
        )}
        <Button type="submit" bg="secondary" color="white" loading={saving} loadingText="Saving...">Save</Button>
      </form>
    </Section>
  );
}
