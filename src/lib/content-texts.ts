/**
 * Texts of the announcements and media screens. The spec gives none for these screens (000 section 2 lists
 * the routes, 002 section 3 "Media item: id, aiScore"), so these are ours, in the spec's plain style.
 */
export const CONTENT_TEXTS = {
  required: (label: string) => `${label} is required`,
  invalidDate: (field: string) => `${field} must be a date (YYYY-MM-DD)`,
  endBeforeStart: 'The end date must not be before the start date',
  maxBelowMin: 'The maximum aiScore must not be below the minimum',
  imageLinkExpired: 'This image link has expired. Reload the page to see the image.',
  /** The banner's close button. */
  dismiss: 'Dismiss',
  announcementsRegion: 'Announcements',
  noMedia: 'No media found.',
  aiScore: 'aiScore',
  aiScoreNotMeasured: 'not measured',
  close: 'Close',
  open: (what: string) => `Open ${what}`,
} as const;

/** Titles and the item names of the three media screens. */
export const MEDIA_SCREENS = {
  deliveryPicture: { title: 'Delivery Pictures', item: 'delivery picture', path: '/media/delivery-pictures' },
  deliverySignature: { title: 'Delivery Signatures', item: 'delivery signature', path: '/media/delivery-signatures' },
  profilePicture: { title: 'Profile Pictures', item: 'profile picture', path: '/media/profile-pictures' },
} as const;
