import { Box, Button, chakra, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Actor } from 'xstate';
import { APPLICATION_STATUS, PROGRESS_STATUS_LABELS } from '../../lib/applications';
import { formatDate } from '../../lib/date-format';
import type { applicationReviewMachine } from '../../machines/applications/application-review.machine';
import type { ReviewAction } from '../../machines/applications/application-review.types';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

type ReviewActor = Actor<typeof applicationReviewMachine>;

export const REVIEW_TEXTS = {
  approve: 'Approve',
  reject: 'Reject',
  cancel: 'Cancel application',
  approveDocument: 'Approve document',
  rejectDocument: 'Reject document',
  dismiss: 'Dismiss',
  reload: 'Reload',
  reason: 'Reason',
  documents: 'Documents',
  timeline: 'Timeline',
  details: 'Details',
  titles: { approve: 'Approve application', reject: 'Reject application', cancel: 'Cancel application', rejectDocument: 'Reject document' } satisfies Record<ReviewAction['kind'], string>,
  questions: {
    approve: 'Approving creates what was applied for. Are you sure?',
    reject: 'Why is the application rejected?',
    cancel: 'Are you sure you want to cancel this application?',
    rejectDocument: 'Why is the document rejected?',
  } satisfies Record<ReviewAction['kind'], string>,
} as const;

const needsReason = (action: ReviewAction | undefined) => action?.kind === 'reject' || action?.kind === 'rejectDocument';

/** The review screen of one application: details, documents (each approved or rejected), timeline and the decision. */
export function ReviewView({ actor }: { actor: ReviewActor }) {
  const state = useSelector(actor, (snapshot) => String(snapshot.value));
  const application = useSelector(actor, (snapshot) => snapshot.context.application);
  const pending = useSelector(actor, (snapshot) => snapshot.context.pending);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const [reason, setReason] = useState('');
  const undecided = application?.applicationStatusId === APPLICATION_STATUS.pending && application.progressStatusId !== -1000;
  return (
    <Stack gap={4} p={4}>
      <Heading as="h1" size="lg">{application ? `${application.applicationType} application #${application.id}` : 'Application'}</Heading>
      {error && (
        <HStack gap={2} role="alert" color="red.600" align="start">
          <Box>
            <Text>{error.message}</Text>
            {error.errors && <chakra.ul pl={4}>{Object.keys(error.errors).map((name) => <li key={name}>{name}</li>)}</chakra.ul>}
          </Box>
          {state !== 'failed' && <Button size="xs" onClick={() => actor.send({ type: 'review.dismiss' })}>{REVIEW_TEXTS.dismiss}</Button>}
        </HStack>
      )}
      {state === 'loading' && <Text aria-busy="true">Loading…</Text>}
      {state === 'failed' && <Box><Button onClick={() => actor.send({ type: 'review.reload' })}>{REVIEW_TEXTS.reload}</Button></Box>}
      {application && state !== 'loading' && state !== 'failed' && (
        <>
          <Text>{`Status: ${application.applicationStatus} (${PROGRESS_STATUS_LABELS[application.progressStatusId]})`}{application.reason ? ` — ${application.reason}` : ''}</Text>
          <Text>{`Applicant: ${application.applicantName} <${application.applicantEmail}>`}{application.partnerCompanyName ? `, partner ${application.partnerCompanyName}` : ''}</Text>
          <Box as="section" aria-label={REVIEW_TEXTS.details}>
            <Heading as="h2" size="md">{REVIEW_TEXTS.details}</Heading>
            <chakra.dl display="grid" gridTemplateColumns="max-content 1fr" columnGap={4}>
              {Object.entries(application.fields).filter(([, value]) => value !== null && value !== '').map(([name, value]) => (
                <chakra.div key={name} display="contents"><dt>{name}</dt><dd>{String(value)}</dd></chakra.div>
              ))}
            </chakra.dl>
          </Box>
          <Box as="section" aria-label={REVIEW_TEXTS.documents}>
            <Heading as="h2" size="md">{REVIEW_TEXTS.documents}</Heading>
            <Stack gap={2}>
              {application.documents.map((document) => (
                <HStack key={document.id} gap={2} wrap="wrap" role="group" aria-label={document.documentType}>
                  <Text>{`${document.documentType}: ${document.documentStatus}${document.expiryDate ? `, expires ${document.expiryDate}` : ''}`}</Text>
                  {undecided && (
                    <>
                      <Button size="xs" disabled={busy} onClick={() => actor.send({ type: 'review.approveDocument', documentId: document.id })}>{REVIEW_TEXTS.approveDocument}</Button>
                      <Button size="xs" variant="outline" disabled={busy} onClick={() => actor.send({ type: 'review.rejectDocument', documentId: document.id })}>{REVIEW_TEXTS.rejectDocument}</Button>
                    </>
                  )}
                </HStack>
              ))}
            </Stack>
          </Box>
          <Box as="section" aria-label={REVIEW_TEXTS.timeline}>
            <Heading as="h2" size="md">{REVIEW_TEXTS.timeline}</Heading>
            <chakra.ol pl={4}>
              {application.timeline.map((event) => (
                <li key={event.id}>{`${formatDate(event.createdAt, 'dd-MM-yyyy HH:mm')} ${event.userName ?? ''}: ${event.action}${event.detail ? ` (${event.detail})` : ''}`}</li>
              ))}
            </chakra.ol>
          </Box>
          {application.applicationTypeId === 1 && application.applicationStatusId === APPLICATION_STATUS.approved && (
            <HStack gap={3}>
              <RouterLink to={`/partner-applications/${application.id}/driver-applications`}>Driver applications</RouterLink>
              <RouterLink to={`/partner-applications/${application.id}/vehicle-applications`}>Vehicle applications</RouterLink>
            </HStack>
          )}
          <Box><Button size="xs" variant="ghost" disabled={busy} onClick={() => actor.send({ type: 'review.reload' })}>{REVIEW_TEXTS.reload}</Button></Box>
          {undecided && (
            <HStack gap={2}>
              <Button disabled={busy} onClick={() => actor.send({ type: 'review.approve' })}>{REVIEW_TEXTS.approve}</Button>
              <Button variant="outline" disabled={busy} onClick={() => actor.send({ type: 'review.reject' })}>{REVIEW_TEXTS.reject}</Button>
              <Button variant="outline" disabled={busy} onClick={() => actor.send({ type: 'review.cancel' })}>{REVIEW_TEXTS.cancel}</Button>
            </HStack>
          )}
        </>
      )}
      <ConfirmDialog open={(state === 'confirming' || state === 'calling') && pending !== undefined}
        title={pending ? REVIEW_TEXTS.titles[pending.kind] : ''} message={pending ? REVIEW_TEXTS.questions[pending.kind] : ''}
        busy={state === 'calling'} yesDisabled={needsReason(pending) && reason.trim() === ''}
        onNo={() => { setReason(''); actor.send({ type: 'review.dismiss' }); }}
        onYes={() => { actor.send({ type: 'review.confirm', reason: reason.trim() }); setReason(''); }}>
        {pending && pending.kind !== 'approve' && (
          <chakra.label display="flex" flexDirection="column" gap={1}>
            {REVIEW_TEXTS.reason}
            <Input size="sm" value={reason} onChange={(event) => setReason(event.currentTarget.value)} />
          </chakra.label>
        )}
      </ConfirmDialog>
    </Stack>
  );
}
