import { act, fireEvent, render, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor } from 'xstate';
import { RatingFormView } from '../../src/features/public/site/rating';
import { PUBLIC_TEXTS } from '../../src/lib/public-texts';
import { ratingSamples } from '../../src/machines/public/rating.samples';
import type { RatingOutput } from '../../src/machines/public/rating.types';
import { describeModel } from '../support/model-paths';

// /rate/:hash (issue 19): 1-5, the comment and the questionnaire; a link rates once; done → the thank-you page.
let rated: RatingOutput[] = [];

describeModel({
  machine: ratingSamples.machine,
  scenarios: ratingSamples.scenarios,
  targets: ratingSamples.targets,
  guards: true,
  start(machine, input, clock) {
    rated = [];
    const actor = createActor(machine, { input, clock }).start();
    render(<RatingFormView actor={actor} onRated={(output) => rated.push(output)} />);
    return {
      send(event) {
        act(() => {
          switch (event.type) {
            case 'score.select': fireEvent.click(screen.getByRole('radio', { name: new RegExp(`^${event.score} `) })); break;
            case 'comment.change': fireEvent.change(screen.getByLabelText('Comment'), { target: { value: event.value } }); break;
            case 'answer.change': fireEvent.change(screen.getAllByRole('textbox')[event.index]!, { target: { value: event.value } }); break;
            case 'submit': fireEvent.click(screen.getByRole('button', { name: 'Send rating' })); break;
            case 'retry': fireEvent.click(screen.getByRole('button', { name: 'Try again' })); break;
            default: throw new Error(`No UI action for ${event.type}`);
          }
        });
      },
    };
  },
  states: {
    loading: () => expect(screen.getByRole('status').textContent).toBe('Loading…'),
    loadFailed: (snapshot) => expect(screen.getByRole('alert').textContent).toContain(snapshot.context.error!.message),
    notFound: () => expect(screen.getByRole('alert').textContent).toBe('We could not find a delivery for this rating link.'),
    notDelivered: () => expect(screen.getByRole('status').textContent).toBe(PUBLIC_TEXTS.notDelivered),
    alreadyRated: () => {
      expect(screen.getByTestId('already-rated').textContent).toBe(PUBLIC_TEXTS.alreadyRated);
      expect(screen.queryByRole('button', { name: 'Send rating' })).toBeNull();
    },
    editing: (snapshot) => {
      expect(screen.getAllByRole('radio')).toHaveLength(5);
      expect(screen.getByRole('radio', { name: '5 Excellent' })).toBeTruthy();
      for (const question of snapshot.context.form!.questions) expect(screen.getByLabelText(question)).toBeTruthy();
      if (snapshot.context.scoreError) expect(screen.getByText(PUBLIC_TEXTS.ratingRequired)).toBeTruthy();
      if (snapshot.context.error) expect(screen.getByRole('alert').textContent).toBe(snapshot.context.error.message);
    },
    submitting: () => expect(screen.getByRole('button', { name: /Send rating/ }).hasAttribute('disabled')).toBe(true),
    rated: (snapshot) => expect(rated).toEqual([{ score: snapshot.context.result!.score, reviewUrl: snapshot.context.result!.reviewUrl }]),
  },
});
