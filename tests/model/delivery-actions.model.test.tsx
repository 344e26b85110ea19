import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor } from 'xstate';
import { system } from '../../src/ui/theme';
import { DELIVERY_EDIT_TEXTS, DeliveryActionsView } from '../../src/features/deliveries/DeliveryEditView';
import { DELIVERY_ADMIN_TEXTS, type DeliveryAction } from '../../src/lib/deliveries-admin';
import { deliveryActionsMachine } from '../../src/machines/deliveries/delivery-actions.machine';
import { deliveryActionsSamples } from '../../src/machines/deliveries/delivery-actions.samples';
import { describeModel } from '../support/model-paths';

const ALL: Record<DeliveryAction, boolean> = {
  canceldelivery: true, cancelandreturntosender: true, clone: true, recalculateparcels: true, recalculatelogistics: true,
  reverseLogisticStatus: true, updatedeliveryproof: true,
};
let done = 0;
let navigations: string[] = [];

describeModel({
  machine: deliveryActionsMachine,
  scenarios: deliveryActionsSamples.scenarios,
  targets: deliveryActionsSamples.targets,
  guards: true,
  start(machine, input, clock) {
    done = 0;
    navigations = [];
    const actor = createActor(machine, { input, clock });
    actor.on('actions.done', () => { done += 1; });
    actor.on('actions.navigate', (event) => navigations.push(event.to));
    actor.start();
    render(<ChakraProvider value={system}><DeliveryActionsView actions={actor} allowed={ALL} /></ChakraProvider>);
    return {
      send(event) {
        act(() => {
          const proofPanel = () => screen.queryByRole('group', { name: DELIVERY_ADMIN_TEXTS.actionLabels.updatedeliveryproof });
          const scope = () => proofPanel() ?? screen.getByRole('alertdialog');
          switch (event.type) {
            case 'actions.request':
              fireEvent.click(screen.getByRole('button', { name: DELIVERY_ADMIN_TEXTS.actionLabels[event.action as DeliveryAction] }));
              break;
            case 'actions.proof':
              fireEvent.change(screen.getByLabelText(event.name === 'note' ? DELIVERY_EDIT_TEXTS.note : DELIVERY_EDIT_TEXTS.recipientName), { target: { value: event.value } });
              break;
            case 'actions.confirmNo': fireEvent.click(within(scope()).getByRole('button', { name: 'No' })); break;
            case 'actions.confirmYes': fireEvent.click(within(scope()).getByRole('button', { name: 'Yes' })); break;
            case 'actions.dismiss': fireEvent.click(screen.getByRole('button', { name: DELIVERY_EDIT_TEXTS.dismiss })); break;
            default: throw new Error(`No UI action for ${event.type}`);
          }
        });
      },
    };
  },
  states: {
    idle: async (snapshot) => {
      expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(
        expect.arrayContaining(Object.values(DELIVERY_ADMIN_TEXTS.actionLabels)),
      );
      // The run's answer arrives outside a user event: the dialog closes on the next render.
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      expect(screen.queryByRole('alert')).toBeNull();
      // After a run the screen reloads the delivery (done) or opens the clone (navigate).
      if (snapshot.context.action === undefined && snapshot.context.proof.recipientName === '' && navigations.length > 0) {
        expect(navigations.at(-1)).toMatch(/^\/deliveries\/edit\/\d+$/);
      }
      expect(done).toBeGreaterThanOrEqual(0);
    },
    confirming: (snapshot) => {
      const action = snapshot.context.action!;
      if (action === 'updatedeliveryproof') {
        expect(screen.getByRole('group', { name: DELIVERY_ADMIN_TEXTS.actionLabels.updatedeliveryproof }).textContent).toContain(DELIVERY_ADMIN_TEXTS.confirm.updatedeliveryproof);
      } else {
        expect(screen.getByRole('alertdialog').textContent).toContain(DELIVERY_ADMIN_TEXTS.confirm[action]);
      }
    },
    running: (snapshot) => {
      if (snapshot.context.action === 'updatedeliveryproof') {
        // Yes shows its spinner and cannot be clicked twice.
        const group = screen.getByRole('group', { name: DELIVERY_ADMIN_TEXTS.actionLabels.updatedeliveryproof });
        expect(within(group).getAllByRole('button').some((button) => button.hasAttribute('disabled'))).toBe(true);
      } else {
        expect(within(screen.getByRole('alertdialog')).getByRole('button', { name: /Yes/ }).hasAttribute('disabled')).toBe(true);
      }
      expect(screen.getAllByRole('button', { name: DELIVERY_ADMIN_TEXTS.actionLabels.canceldelivery, hidden: true })[0]!.hasAttribute('disabled')).toBe(true);
    },
    failed: (snapshot) => expect(screen.getByRole('alert').textContent).toContain(snapshot.context.error!.message),
  },
});
