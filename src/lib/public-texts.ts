// Texts of the public face (issue 19) that both the server and the pages say: the calculator, track-order and the
// rating page. Where the specification gives no wording, these are ours (docs/decisions.md, "The public face").
import { RATING_LABELS } from './constants';

export const PUBLIC_TEXTS = {
  unknownPlace: 'Choose a place from the list.',
  unknownParcelType: 'Choose a parcel size from the list.',
  notOffered: (slaType: string, km: number) => `${slaType} is not offered for this route (${km} km). Try another service level.`,
  /** One answer for an unknown waybill and a wrong phone: the page must not tell which waybills exist. */
  trackNotFound: 'No delivery matches this waybill or order reference and phone number.',
  phoneLast4: 'Enter the last 4 digits of the recipient\'s phone number.',
  searchTerm: 'Enter the waybill or order reference.',
  alreadyRated: 'This delivery has already been rated. Thank you!',
  notDelivered: 'This delivery can be rated once it has been delivered.',
  noDriver: 'This delivery has no driver to rate.',
  tooManyAnswers: 'There are more answers than questions.',
  ratingRequired: 'Choose a rating from 1 to 5.',
} as const;

/** The spec's rating words (002 section 9), 1 to 5. */
export const RATING_SCORES = Object.entries(RATING_LABELS).map(([score, label]) => ({ score: Number(score), label }));

/** Ratings from this score offer the public review link (/google-rating-complete). */
export const REVIEW_LINK_MIN_SCORE = 4;

/** Digits of a phone number's end, for the track-order second factor. */
export function lastDigits(phone: string | null | undefined, count = 4): string {
  return (phone ?? '').replace(/\D/g, '').slice(-count);
}
