import { assign, emit, fromPromise, setup } from 'xstate';
import { api } from '../../api';
import { asApiError } from '../../api/api-error';
import { SUCCESS_TEXTS } from '../../lib/error-catalogue';
import { notifySuccess, outputParams } from '../shared/shared.actions';
import type { DeliveryActionsSchema, RunActionInput } from './delivery-actions.types';

/** The new delivery's id for clone; undefined for the others (the edit screen reloads). */
async function runAction({ cca2, id, action, proof }: RunActionInput): Promise<number | undefined> {
  const path = { params: { path: { cca2, id } } };
  switch (action) {
    case 'clone': {
      const { data } = await api.connect.PUT('/deliveries/clone/{cca2}/{id}', path);
      return data!.deliveryId;
    }
    case 'canceldelivery': await api.connect.PUT('/deliveries/canceldelivery/{cca2}/{id}', path); return undefined;
    case 'cancelandreturntosender': await api.connect.PUT('/deliveries/cancelandreturntosender/{cca2}/{id}', path); return undefined;
    case 'recalculateparcels': await api.connect.PUT('/deliveries/recalculateparcels/{cca2}/{id}', path); return undefined;
    case 'recalculatelogistics': await api.connect.PUT('/deliveries/recalculatelogistics/{cca2}/{id}', path); return undefined;
    case 'reverseLogisticStatus': await api.connect.PUT('/deliveries/reverseLogisticStatus/{cca2}/{id}', path); return undefined;
    case 'updatedeliveryproof':
      await api.connect.PUT('/deliveries/updatedeliveryproof/{cca2}/{id}', {
        ...path, body: { recipientName: proof.recipientName.trim(), note: proof.note.trim() || null },
      });
      return undefined;
  }
}

/**
 * The actions of the delivery edit screen (002 section 7: canceldelivery, cancelandreturntosender, clone,
 * recalculateparcels, recalculatelogistics, reverseLogisticStatus, updatedeliveryproof): each asks its
 * confirmation (No / Yes) first; the server decides with the logistics chart and answers 409 when the status
 * does not allow it, which stays on screen until dismissed.
 */
export const deliveryActionsMachine = setup({
  types: {} as DeliveryActionsSchema,
  actors: {
    runAction: fromPromise<number | undefined, RunActionInput>(({ input }) => runAction(input)),
  },
  guards: {
    proofComplete: ({ context }) => context.action !== 'updatedeliveryproof' || context.proof.recipientName.trim() !== '',
    cloned: (_, output: number | undefined) => typeof output === 'number',
  },
  actions: {
    notifyUpdated: ({ system }) => notifySuccess({ system }, { text: SUCCESS_TEXTS.updated }),
  },
}).createMachine({
  id: 'deliveryActions',
  description: 'The delivery edit screen\'s actions: confirm, run on the server (which checks the status), then reload or open the clone.',
  context: ({ input }) => ({ cca2: input.cca2, id: input.id, action: undefined, proof: { recipientName: '', note: '' }, error: undefined }),
  initial: 'idle',
  states: {
    idle: {
      description: 'The actions the delivery allows are offered.',
      on: { 'actions.request': { target: 'confirming', actions: assign({ action: ({ event }) => event.action, error: undefined }) } },
    },
    confirming: {
      description: 'The confirmation dialog asks No / Yes (and the recipient for a proof of delivery).',
      on: {
        'actions.proof': { actions: assign({ proof: ({ context, event }) => ({ ...context.proof, [event.name]: event.value }) }) },
        'actions.confirmNo': { target: 'idle', actions: assign({ action: undefined }) },
        // Yes runs the action; a proof of delivery needs the recipient first.
        'actions.confirmYes': { guard: { type: 'proofComplete' }, target: 'running' },
      },
    },
    running: {
      description: 'The server runs the action.',
      invoke: {
        id: 'runAction',
        src: 'runAction',
        input: ({ context }) => ({ cca2: context.cca2, id: context.id, action: context.action!, proof: context.proof }),
        onDone: [
          { guard: { type: 'cloned', params: outputParams }, target: 'idle', actions: [assign({ action: undefined }), 'notifyUpdated', emit(({ event }) => ({ type: 'actions.navigate' as const, to: `/deliveries/edit/${event.output}` }))] },
          { target: 'idle', actions: [assign({ action: undefined, proof: { recipientName: '', note: '' } }), 'notifyUpdated', emit({ type: 'actions.done' as const })] },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => asApiError(event.error) }) },
      },
    },
    failed: {
      description: 'The server refused (409: the status does not allow it; nothing changed) or failed; the message stays until dismissed.',
      on: {
        'actions.dismiss': { target: 'idle', actions: assign({ action: undefined, error: undefined }) },
        'actions.request': { target: 'confirming', actions: assign({ action: ({ event }) => event.action, error: undefined }) },
      },
    },
  },
});
