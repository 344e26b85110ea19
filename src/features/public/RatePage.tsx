import { Alert, Box, Button, Field, Heading, Input, Stack, Text, Textarea, chakra } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { Actor } from 'xstate';
import { RATING_SCORES, PUBLIC_TEXTS } from '../../lib/public-texts';
import { ratingMachine } from '../../machines/public/rating.machine';
import type { RatingOutput } from '../../machines/public/rating.types';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { PublicLayout } from '../../ui/public/PublicLayout';

/** The rating form: 1-5 as native radios in a fieldset (arrow keys move), the comment, the questionnaire's questions. */
export function RatingView({ actor, onRated }: { actor: Actor<typeof ratingMachine>; onRated: (output: RatingOutput) => void }) {
  const waybill = useSelector(actor, (s) => s.context.form?.waybill ?? null);
  const questions = useSelector(actor, (s) => s.context.form?.questions ?? []);
  const score = useSelector(actor, (s) => s.context.score);
  const comment = useSelector(actor, (s) => s.context.comment);
  const answers = useSelector(actor, (s) => s.context.answers);
  const scoreError = useSelector(actor, (s) => s.context.scoreError);
  const error = useSelector(actor, (s) => s.context.error);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const editing = useSelector(actor, (s) => s.matches('editing') || s.matches('submitting'));
  const inAlreadyRated = useSelector(actor, (s) => s.matches('alreadyRated'));
  const inNotDelivered = useSelector(actor, (s) => s.matches('notDelivered'));
  const inNotFound = useSelector(actor, (s) => s.matches('notFound'));
  const inLoadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const output = useSelector(actor, (s) => (s.matches('rated') ? s.output ?? null : null));
  useEffect(() => {
    if (output) onRated(output);
  }, [output, onRated]);
  return (
    <Box data-testid="rating-page">
      {waybill && <Text mb={4}>{`Waybill ${waybill}`}</Text>}
      {loading && <Text role="status">Loading…</Text>}
      {inNotFound && <Text role="alert">We could not find a delivery for this rating link.</Text>}
      {inNotDelivered && <Text role="status">{PUBLIC_TEXTS.notDelivered}</Text>}
      {inAlreadyRated && <Text role="status" data-testid="already-rated">{PUBLIC_TEXTS.alreadyRated}</Text>}
      {inLoadFailed && (
        <Stack role="alert" direction="row" gap={3} align="center">
          <Text>{error?.message}</Text>
          <Button size="sm" onClick={() => actor.send({ type: 'retry' })}>Try again</Button>
        </Stack>
      )}
      {editing && (
        <Stack as="form" gap={5} maxW="lg" aria-label="Rate your delivery"
          onSubmit={(event) => { event.preventDefault(); actor.send({ type: 'submit' }); }}>
          <chakra.fieldset aria-describedby={scoreError ? 'rating-score-error' : undefined}>
            <chakra.legend fontWeight="semibold" mb={2}>How was your delivery?</chakra.legend>
            <Stack direction={{ base: 'column', sm: 'row' }} gap={2}>
              {RATING_SCORES.map((option) => (
                <chakra.label key={option.score} display="flex" alignItems="center" gap={2} borderWidth="2px" borderRadius="md" px={3} py={2} cursor="pointer"
                  borderColor={score === option.score ? 'primary' : 'border'} fontWeight={score === option.score ? 'bold' : 'normal'}>
                  <input type="radio" name="score" value={option.score} checked={score === option.score}
                    onChange={() => actor.send({ type: 'score.select', score: option.score })} />
                  {`${option.score} ${option.label}`}
                </chakra.label>
              ))}
            </Stack>
            {scoreError && <Text id="rating-score-error" color="red.700" mt={1}>{scoreError}</Text>}
          </chakra.fieldset>
          {questions.map((question, index) => (
            <Field.Root key={question}>
              <Field.Label>{question}</Field.Label>
              <Input value={answers[index] ?? ''} onChange={(event) => actor.send({ type: 'answer.change', index, value: event.currentTarget.value })} />
            </Field.Root>
          ))}
          <Field.Root>
            <Field.Label>Comment</Field.Label>
            <Textarea value={comment} maxLength={2000} onChange={(event) => actor.send({ type: 'comment.change', value: event.currentTarget.value })} />
          </Field.Root>
          {error && <Alert.Root status="error" role="alert"><Alert.Description>{error.message}</Alert.Description></Alert.Root>}
          <Button type="submit" disabled={busy} aria-busy={busy || undefined} alignSelf="start">Send rating</Button>
        </Stack>
      )}
    </Box>
  );
}

function RatePage({ hash }: { hash: string }) {
  const portal = usePortal();
  const navigate = useNavigate();
  const actor = useScreenActor(ratingMachine, { cca2: portal.cca2, hash });
  return (
    <PublicLayout path="/rate">
      <Heading as="h1" size="3xl" color="primary" mb={4}>Rate your delivery</Heading>
      <RatingView actor={actor} onRated={({ reviewUrl }) => navigate(reviewUrl ? '/google-rating-complete' : '/rating-complete', { state: { reviewUrl } })} />
    </PublicLayout>
  );
}

/** /rate/:hash (000 section 2). */
export function Component() {
  const { hash = '' } = useParams();
  return <RatePage key={hash} hash={hash} />;
}
