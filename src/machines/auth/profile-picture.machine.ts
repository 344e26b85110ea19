import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { api, ApiError } from '../../api';
import { AUTH_TEXTS, IMAGE_TOO_LARGE_STATUS, SUCCESS_TEXTS } from '../../lib/error-catalogue';
import { failureOf, notifySuccess, problemOf } from './account-helpers';
import type { ProfilePictureSchema } from './profile-picture.types';

/** The image types the server accepts (openapi/connect.yaml uploadProfilePicture). */
export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** GET /users/{cca2}/profilePicture as a Blob. */
export const loadPicture = fromPromise<Blob, { cca2: string }>(async ({ input, signal }) => {
  const { data } = await api.connect.GET('/users/{cca2}/profilePicture', { params: { path: { cca2: input.cca2 } }, parseAs: 'blob', signal });
  return data as Blob;
});

/** POST /users/{cca2}/uploadProfilePicture, multipart field `file`; too large → 413. Answers the file, the new preview. */
export const uploadPicture = fromPromise<Blob, { cca2: string; file: File }>(async ({ input, signal }) => {
  const form = new FormData();
  form.append('file', input.file, input.file.name);
  await api.connect.POST('/users/{cca2}/uploadProfilePicture', {
    params: { path: { cca2: input.cca2 } },
    body: { file: '' },
    bodySerializer: () => form,
    signal,
  });
  return input.file;
});

/**
 * The profile picture (000 sections 5 and 7): a preview of the current picture, and an upload that replaces
 * it. A file that is not an image is refused here; the server answers 413 for one that is too large
 * ("Unable to upload image. Image size is too large.").
 */
export const profilePictureMachine = setup({
  types: {} as ProfilePictureSchema,
  actors: { loadPicture, uploadPicture },
  actions: {
    setPicture: assign((_, params: { picture: Blob }) => ({ picture: params.picture, hasPicture: true, errors: {}, problem: null })),
    clearMessages: assign({ errors: {}, problem: null }),
    rejectFile: assign({ errors: { file: AUTH_TEXTS.imageInvalid }, problem: null }),
    fail: assign((_, params: { error: unknown }) => ({ errors: {}, problem: problemOf(params.error) })),
    /** The server refused the file itself (413 too large, or a 400 naming the file): said on the file chooser. */
    refuseFile: assign((_, params: { error: unknown }) => ({
      errors: { file: params.error instanceof ApiError && params.error.status === IMAGE_TOO_LARGE_STATUS ? params.error.message : failureOf(params.error).errors.file },
      problem: null,
    })),
    notifySuccess,
  },
  guards: {
    hasPicture: ({ context }) => context.hasPicture,
    isImage: (_, params: { file: File }) => (PICTURE_TYPES as readonly string[]).includes(params.file.type),
    notFound: (_, params: { error: unknown }) => params.error instanceof ApiError && params.error.status === 404,
    fileRefused: (_, params: { error: unknown }) =>
      (params.error instanceof ApiError && params.error.status === IMAGE_TOO_LARGE_STATUS) || Boolean(failureOf(params.error).errors.file),
  },
}).createMachine({
  id: 'profilePicture',
  description: 'The profile picture: preview the current one, upload a new one (multipart, 413 when too large).',
  context: ({ input }) => ({ cca2: input.cca2, hasPicture: input.hasPicture, picture: null, errors: {}, problem: null }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'hasPicture', target: 'loading' }, { target: 'ready' }],
    },
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadPicture',
        src: 'loadPicture',
        input: ({ context }) => ({ cca2: context.cca2 }),
        onDone: { target: 'ready', actions: { type: 'setPicture', params: ({ event }) => ({ picture: event.output }) } },
        onError: [
          { guard: { type: 'notFound', params: ({ event }) => ({ error: event.error }) }, target: 'ready' },
          { target: 'ready.failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    ready: {
      description: 'The preview (or "No profile picture yet") and the file chooser.',
      initial: 'idle',
      states: {
        idle: {},
        invalid: { description: 'The file was refused: not a JPEG, PNG or WebP image, or too large (413).' },
        failed: { description: 'Loading or uploading failed; the problem is shown.' },
      },
      on: {
        'picture.select': [
          {
            guard: { type: 'isImage', params: ({ event }) => ({ file: event.file }) },
            target: 'uploading',
            actions: 'clearMessages',
          },
          { target: '.invalid', actions: 'rejectFile' },
        ],
      },
    },
    uploading: {
      tags: ['busy'],
      invoke: {
        id: 'uploadPicture',
        src: 'uploadPicture',
        input: ({ context, event }) => {
          assertEvent(event, 'picture.select');
          return { cca2: context.cca2, file: event.file };
        },
        onDone: {
          target: 'ready',
          actions: [
            { type: 'setPicture', params: ({ event }) => ({ picture: event.output }) },
            { type: 'notifySuccess', params: { text: SUCCESS_TEXTS.updated } },
          ],
        },
        onError: [
          {
            guard: { type: 'fileRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'ready.invalid',
            actions: { type: 'refuseFile', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'ready.failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
  },
});
