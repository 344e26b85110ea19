import { Box, Button, chakra, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { Actor } from 'xstate';
import {
  APPLICATION_FIELD_LABELS, APPLICATION_TYPE_LABELS, COMPANY_TYPES_FOR_APPLICATIONS, DOCUMENT_TYPE_LABELS, EXPIRING_DOCUMENT_TYPES,
  PROGRESS_STATUS_LABELS, type ApplicationFieldName, type DocumentTypeId, type StepName,
} from '../../lib/applications';
import { VEHICLE_TYPE_IDS, VEHICLE_TYPE_LABELS } from '../../lib/fleet';
import type { applicationApplyMachine } from '../../machines/applications/application-apply.machine';
import type { Application, StepValues } from '../../machines/applications/application-apply.types';
import type { ApiError } from '../../api/api-error';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Select } from '../../ui/Select';

type ApplyActor = Actor<typeof applicationApplyMachine>;

export const APPLY_TEXTS = {
  start: 'Apply',
  save: 'Save and continue',
  clear: 'Clear',
  clearTitle: 'Clear application',
  clearQuestion: 'Everything entered and uploaded will be removed. Are you sure?',
  submit: 'Submit application',
  cancel: 'Withdraw application',
  upload: 'Upload',
  remove: 'Remove',
  reload: 'Refresh',
  another: 'Apply for another vehicle',
  notStarted: (type: string) => `You have no open ${type.toLowerCase()} application.`,
  missing: 'Still missing',
  stepTitles: {
    company: 'Company details', personal: 'Personal details', declaration: 'Declaration', vehicle: 'Vehicle details',
    documents: 'Documents', terms: 'Terms and rates',
  } satisfies Record<StepName, string>,
  terms: 'I accept the terms and conditions and the rates of the platform.',
  tracking: 'Your application',
  documentsHint: 'Upload the documents listed below, then save this step.',
} as const;

/** The text inputs of each step; yes/no questions of the declaration are checkboxes; labels are the server's too. */
const TEXT_FIELDS: Partial<Record<StepName, (keyof StepValues & ApplicationFieldName)[]>> = {
  company: ['companyName', 'registrationNumber', 'vatNumber', 'contactName', 'companyEmail', 'companyPhoneNumber'],
  personal: ['idNumber', 'phoneNumber'],
  vehicle: ['registration', 'make', 'model', 'colour'],
};
const DECLARATION: [keyof StepValues, string, keyof StepValues & ApplicationFieldName][] = [
  ['hasRelation', 'Are you related to anyone working for the platform?', 'relationInfo'],
  ['hasPartTimeJob', 'Do you have a part-time job?', 'partTimeJobDetails'],
  ['hasVendorRelation', 'Do you have a relation with a vendor of the platform?', 'vendorRelationInfo'],
];


/** The applying screen: one step at a time, the documents, the terms, submit; then where it stands. */
export function ApplyView({ actor }: { actor: ApplyActor }) {
  const state = useSelector(actor, (snapshot) => snapshot.value);
  const application = useSelector(actor, (snapshot) => snapshot.context.application);
  const typeId = useSelector(actor, (snapshot) => snapshot.context.applicationTypeId);
  const viewStep = useSelector(actor, (snapshot) => snapshot.context.viewStep);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy') || snapshot.hasTag('loading'));
  const typeLabel = APPLICATION_TYPE_LABELS[typeId];
  return (
    <Stack gap={4} p={4} maxW="720px">
      <Heading as="h1" size="lg">{`${typeLabel} application`}</Heading>
      {error && (
        <Box role="alert" color="red.600">
          <Text>{error.message}</Text>
          {/* Errors of a form field are shown next to it; the others (documents, steps) are listed here by their text. */}
          {otherErrors(error).length > 0 && <chakra.ul pl={4}>{otherErrors(error).map((text) => <li key={text}>{text}</li>)}</chakra.ul>}
        </Box>
      )}
      {state === 'loading' && <Text aria-busy="true">Loading…</Text>}
      {(state === 'notStarted' || state === 'creating') && (
        <Stack gap={2} align="start">
          <Text>{APPLY_TEXTS.notStarted(typeLabel)}</Text>
          <Button onClick={() => actor.send({ type: 'apply.start' })} disabled={state === 'creating'} aria-busy={state === 'creating' || undefined}>{APPLY_TEXTS.start}</Button>
        </Stack>
      )}
      {application && state !== 'tracking' && state !== 'notStarted' && state !== 'creating' && state !== 'loading' && (
        <Editing actor={actor} application={application} viewStep={viewStep} busy={busy} />
      )}
      {application && state === 'tracking' && <Tracking actor={actor} application={application} />}
      <ConfirmDialog open={state === 'confirmingClear' || state === 'clearing'} title={APPLY_TEXTS.clearTitle} message={APPLY_TEXTS.clearQuestion}
        busy={state === 'clearing'} onNo={() => actor.send({ type: 'apply.confirmNo' })} onYes={() => actor.send({ type: 'apply.confirmYes' })} />
    </Stack>
  );
}

function Editing({ actor, application, viewStep, busy }: { actor: ApplyActor; application: Application; viewStep: number; busy: boolean }) {
  const step = application.steps[viewStep] as StepName;
  const allSaved = application.activeStep >= application.steps.length - 1;
  return (
    <Stack gap={4}>
      <chakra.ol display="flex" flexWrap="wrap" gap={2} listStyleType="none" aria-label="Steps">
        {application.steps.map((name, index) => (
          <li key={name}>
            <Button size="xs" variant={index === viewStep ? 'solid' : 'outline'} aria-current={index === viewStep ? 'step' : undefined}
              disabled={index > application.activeStep + 1 || busy} onClick={() => actor.send({ type: 'apply.goto', step: index })}>
              {`${index + 1}. ${APPLY_TEXTS.stepTitles[name as StepName]}`}{index <= application.activeStep ? ' ✓' : ''}
            </Button>
          </li>
        ))}
      </chakra.ol>
      <StepForm actor={actor} step={step} busy={busy} />
      {/* Documents can be uploaded at any step; the documents step checks that the required ones are there. */}
      <Box as="section" aria-label={APPLY_TEXTS.stepTitles.documents}>
        <Heading as="h2" size="md" mb={2}>{APPLY_TEXTS.stepTitles.documents}</Heading>
        <Documents actor={actor} application={application} busy={busy} />
      </Box>
      <HStack gap={2} wrap="wrap">
        <Button variant="outline" onClick={() => actor.send({ type: 'apply.clear' })} disabled={busy}>{APPLY_TEXTS.clear}</Button>
        <Button variant="outline" onClick={() => actor.send({ type: 'apply.cancel' })} disabled={busy}>{APPLY_TEXTS.cancel}</Button>
        {/* Always offered: the server answers what is still missing (422), which the screen lists. */}
        <Button onClick={() => actor.send({ type: 'apply.submit' })} disabled={busy} variant={allSaved ? 'solid' : 'outline'}>{APPLY_TEXTS.submit}</Button>
      </HStack>
    </Stack>
  );
}

/** The texts of errors that do not belong to a field of the forms (a field's own are shown next to it). */
const otherErrors = (error: ApiError) => Object.entries(error.errors ?? {})
  .filter(([name]) => !(name in APPLICATION_FIELD_LABELS) && name !== error.message)
  .flatMap(([, texts]) => texts).filter((text) => text !== error.message);

/** A field's error from the server (400 names it by its label), shown under it and tied to it for screen readers. */
function FieldError({ id, texts }: { id: string; texts: string[] | undefined }) {
  return texts ? <Text id={id} color="red.600" fontSize="sm">{texts.join(' ')}</Text> : null;
}

function StepForm({ actor, step, busy }: { actor: ApplyActor; step: StepName; busy: boolean }) {
  // The draft lives in the machine: what is typed survives moving between steps, and a save sends it.
  const values = useSelector(actor, (snapshot) => snapshot.context.draft);
  const errors = useSelector(actor, (snapshot) => snapshot.context.error?.errors);
  const set = (name: keyof StepValues, value: string | boolean | number | null) => actor.send({ type: 'field.change', name, value });
  const errorOf = (name: ApplicationFieldName) => errors?.[name];
  const described = (name: ApplicationFieldName) => (errorOf(name) ? { 'aria-invalid': true, 'aria-describedby': `apply-${name}-error` } : {});
  const textInput = (name: keyof StepValues & ApplicationFieldName) => (
    <Stack key={name} gap={1}>
      <chakra.label display="flex" flexDirection="column" gap={1}>
        {APPLICATION_FIELD_LABELS[name]}
        <Input size="sm" value={String(values[name] ?? '')} onChange={(event) => set(name, event.currentTarget.value)} {...described(name)} />
      </chakra.label>
      <FieldError id={`apply-${name}-error`} texts={errorOf(name)} />
    </Stack>
  );
  return (
    <chakra.form display="flex" flexDirection="column" gap={3} aria-label={APPLY_TEXTS.stepTitles[step]}
      onSubmit={(event) => { event.preventDefault(); actor.send({ type: 'apply.save' }); }}>
      <Heading as="h2" size="md">{APPLY_TEXTS.stepTitles[step]}</Heading>
      {step === 'company' && textInput('companyName')}
      {step === 'company' && (
        <Box>
          <Select label={APPLICATION_FIELD_LABELS.companyType} value={String(values.companyType ?? '')} onChange={(value) => set('companyType', value || null)}
            invalid={Boolean(errorOf('companyType'))} describedBy={errorOf('companyType') && 'apply-companyType-error'}>
            <option value="">{APPLICATION_FIELD_LABELS.companyType}</option>
            {COMPANY_TYPES_FOR_APPLICATIONS.map((type) => <option key={type} value={type}>{type}</option>)}
          </Select>
          <FieldError id="apply-companyType-error" texts={errorOf('companyType')} />
        </Box>
      )}
      {(TEXT_FIELDS[step] ?? []).filter((name) => name !== 'companyName').map(textInput)}
      {step === 'vehicle' && (
        <Box>
          <Select label={APPLICATION_FIELD_LABELS.vehicleTypeId} value={String(values.vehicleTypeId ?? '')} onChange={(value) => set('vehicleTypeId', value ? Number(value) : null)}
            invalid={Boolean(errorOf('vehicleTypeId'))} describedBy={errorOf('vehicleTypeId') && 'apply-vehicleTypeId-error'}>
            <option value="">{APPLICATION_FIELD_LABELS.vehicleTypeId}</option>
            {VEHICLE_TYPE_IDS.map((id) => <option key={id} value={id}>{VEHICLE_TYPE_LABELS[id]}</option>)}
          </Select>
          <FieldError id="apply-vehicleTypeId-error" texts={errorOf('vehicleTypeId')} />
        </Box>
      )}
      {step === 'declaration' && DECLARATION.map(([flag, question, detail]) => (
        <Stack key={flag} gap={1}>
          <chakra.label display="flex" gap={2}>
            <input type="checkbox" checked={values[flag] === true} onChange={(event) => set(flag, event.currentTarget.checked)} />
            {question}
          </chakra.label>
          {values[flag] === true && textInput(detail)}
        </Stack>
      ))}
      {step === 'documents' && <Text>{APPLY_TEXTS.documentsHint}</Text>}
      {step === 'terms' && (
        <Box>
          <chakra.label display="flex" gap={2}>
            <input type="checkbox" checked={values.termsAccepted === true} onChange={(event) => set('termsAccepted', event.currentTarget.checked)} {...described('termsAccepted')} />
            {APPLY_TEXTS.terms}
          </chakra.label>
          <FieldError id="apply-termsAccepted-error" texts={errorOf('termsAccepted')} />
        </Box>
      )}
      <Box><Button type="submit" disabled={busy} aria-busy={busy || undefined}>{APPLY_TEXTS.save}</Button></Box>
    </chakra.form>
  );
}

function Documents({ actor, application, busy }: { actor: ApplyActor; application: Application; busy: boolean }) {
  return (
    <Stack gap={3}>
      {application.requiredDocumentTypeIds.map((typeId) => {
        const document = application.documents.find((candidate) => candidate.documentTypeId === typeId);
        return <DocumentRow key={typeId} actor={actor} typeId={typeId as DocumentTypeId} document={document} busy={busy} />;
      })}
    </Stack>
  );
}

function DocumentRow({ actor, typeId, document, busy }: {
  actor: ApplyActor; typeId: DocumentTypeId; document: Application['documents'][number] | undefined; busy: boolean;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [expiryDate, setExpiryDate] = useState('');
  const label = DOCUMENT_TYPE_LABELS[typeId];
  const lapses = EXPIRING_DOCUMENT_TYPES.includes(typeId);
  return (
    <Stack gap={1} borderWidth="1px" borderRadius="md" p={2} role="group" aria-label={label}>
      <Text fontWeight="bold">{label}</Text>
      {document
        ? (
          <HStack gap={2}>
            <Text>{`${document.documentStatus}${document.expiryDate ? `, expires ${document.expiryDate}` : ''}${document.reason ? ` (${document.reason})` : ''}`}</Text>
            <Button size="xs" variant="outline" disabled={busy} onClick={() => actor.send({ type: 'apply.removeDocument', documentId: document.id })}>{APPLY_TEXTS.remove}</Button>
          </HStack>
        )
        : <Text color="fg.muted">Not uploaded</Text>}
      <HStack gap={2} wrap="wrap">
        <input type="file" aria-label={`${label} file`} accept="image/jpeg,image/png,image/webp,application/pdf"
          onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)} />
        {lapses && (
          <chakra.label display="flex" gap={1} alignItems="center">
            Expiry date
            <Input size="xs" type="date" value={expiryDate} onChange={(event) => setExpiryDate(event.currentTarget.value)} />
          </chakra.label>
        )}
        <Button size="xs" disabled={!file || busy || (lapses && !expiryDate)}
          onClick={() => file && actor.send({ type: 'apply.upload', document: { documentTypeId: typeId, file, ...(expiryDate && { expiryDate }) } })}>
          {`${APPLY_TEXTS.upload} ${label.toLowerCase()}`}
        </Button>
      </HStack>
    </Stack>
  );
}

function Tracking({ actor, application }: { actor: ApplyActor; application: Application }) {
  const mayApplyAgain = useSelector(actor, (snapshot) => snapshot.can({ type: 'apply.another' }));
  return (
    <Stack gap={3} aria-label={APPLY_TEXTS.tracking}>
      <Heading as="h2" size="md">{APPLY_TEXTS.tracking}</Heading>
      <Text>{`Status: ${application.applicationStatus} (${PROGRESS_STATUS_LABELS[application.progressStatusId]})`}</Text>
      {application.reason && <Text>{`Reason: ${application.reason}`}</Text>}
      {application.missing.length > 0 && (
        <Box>
          <Text fontWeight="bold">{APPLY_TEXTS.missing}</Text>
          <chakra.ul pl={4}>{application.missing.map((item) => <li key={item}>{item}</li>)}</chakra.ul>
        </Box>
      )}
      <chakra.ul pl={4} aria-label="Documents">
        {application.documents.map((document) => <li key={document.id}>{`${document.documentType}: ${document.documentStatus}`}</li>)}
      </chakra.ul>
      <HStack gap={2} wrap="wrap">
        <Button variant="outline" onClick={() => actor.send({ type: 'apply.reload' })}>{APPLY_TEXTS.reload}</Button>
        {mayApplyAgain && (
          <Button bg="brand.solid" color="brand.contrast" onClick={() => actor.send({ type: 'apply.another' })}>{APPLY_TEXTS.another}</Button>
        )}
      </HStack>
    </Stack>
  );
}
