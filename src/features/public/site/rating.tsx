// /rate/:hash without Chakra (issue 19, "A fast first load"): the rating chart's view in plain elements, rendered
// ahead of time in its first state (loading) and made live by the page's script (src/app/site-rating.tsx); the app's
// /rate (src/features/public/RatePage.tsx) shows the same view.
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { Actor } from 'xstate';
import { PUBLIC_TEXTS, RATING_SCORES } from '../../../lib/public-texts';
import type { ratingMachine } from '../../../machines/public/rating.machine';
import type { RatingOutput } from '../../../machines/public/rating.types';

/** Where the live form goes on the page; its `data-hash` is the path's, filled by the server. */
export const RATING_ISLAND_ID = 'rating';

export const RATING_TEXTS = {
  title: 'Rate your delivery',
  loading: 'Loading…',
  notFound: 'We could not find a delivery for this rating link.',
  tryAgain: 'Try again',
  form: 'Rate your delivery',
  question: 'How was your delivery?',
  comment: 'Comment',
  send: 'Send rating',
  waybill: (waybill: string) => `Waybill ${waybill}`,
} as const;

/** 1-5 as native radios in a fieldset (arrow keys move), the questionnaire's questions, the comment, Send rating. */
export function RatingFormView({ actor, onRated }: { actor: Actor<typeof ratingMachine>; onRated: (output: RatingOutput) => void }) {
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
  const firstScore = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (output) onRated(output);
  }, [output, onRated]);
  // A submit without a score: focus goes to the ratings, whose message says what is missing.
  useEffect(() => {
    if (scoreError) firstScore.current?.focus();
  }, [scoreError]);
  return (
    <div data-testid="rating-page" className="site-stack">
      {waybill && <p>{RATING_TEXTS.waybill(waybill)}</p>}
      {loading && <p role="status">{RATING_TEXTS.loading}</p>}
      {inNotFound && <p role="alert">{RATING_TEXTS.notFound}</p>}
      {inNotDelivered && <p role="status">{PUBLIC_TEXTS.notDelivered}</p>}
      {inAlreadyRated && <p role="status" data-testid="already-rated">{PUBLIC_TEXTS.alreadyRated}</p>}
      {inLoadFailed && (
        <div role="alert" className="site-alert site-stack">
          <p>{error?.message}</p>
          <button type="button" className="site-button site-button-outline" onClick={() => actor.send({ type: 'retry' })}>{RATING_TEXTS.tryAgain}</button>
        </div>
      )}
      {editing && (
        <form className="site-form" aria-label={RATING_TEXTS.form} aria-busy={busy || undefined}
          onSubmit={(event) => { event.preventDefault(); actor.send({ type: 'submit' }); }}>
          <fieldset className="site-fieldset site-scores" aria-describedby={scoreError ? 'rating-score-error' : undefined}
            aria-invalid={scoreError ? true : undefined}>
            <legend>{RATING_TEXTS.question}</legend>
            <div className="site-score-options">
              {RATING_SCORES.map((option, index) => (
                <label key={option.score} className={score === option.score ? 'site-score site-score-chosen' : 'site-score'}>
                  <input ref={index === 0 ? firstScore : undefined} type="radio" name="score" value={option.score} checked={score === option.score}
                    onChange={() => actor.send({ type: 'score.select', score: option.score })} />
                  {`${option.score} ${option.label}`}
                </label>
              ))}
            </div>
            {scoreError && <p id="rating-score-error" className="site-field-error">{scoreError}</p>}
          </fieldset>
          {questions.map((question, index) => (
            <div key={question} className="site-field">
              <label htmlFor={`rating-answer-${index}`}>{question}</label>
              <input id={`rating-answer-${index}`} type="text" value={answers[index] ?? ''}
                onChange={(event) => actor.send({ type: 'answer.change', index, value: event.currentTarget.value })} />
            </div>
          ))}
          <div className="site-field">
            <label htmlFor="rating-comment">{RATING_TEXTS.comment}</label>
            <textarea id="rating-comment" rows={4} value={comment} maxLength={2000}
              onChange={(event) => actor.send({ type: 'comment.change', value: event.currentTarget.value })} />
          </div>
          {error && <div className="site-alert" role="alert">{error.message}</div>}
          <button type="submit" className="site-button" disabled={busy} aria-busy={busy || undefined}>{RATING_TEXTS.send}</button>
        </form>
      )}
    </div>
  );
}
