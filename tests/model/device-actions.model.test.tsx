import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor } from 'xstate';
import { system } from '../../src/ui/theme';
import { DeviceActionsDialogs, DeviceRowButtons } from '../../src/features/fleet/DeviceActionsView';
import { FLEET_TEXTS } from '../../src/lib/fleet';
import { deviceActionsMachine } from '../../src/machines/fleet/device-actions.machine';
import { deviceActionsSamples, SAMPLE_DEVICE } from '../../src/machines/fleet/device-actions.samples';
import { describeModel } from '../support/model-paths';

let changed = 0;
const rowButton = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name} `), hidden: true });

describeModel({
  machine: deviceActionsMachine,
  scenarios: deviceActionsSamples.scenarios,
  targets: deviceActionsSamples.targets,
  guards: true,
  start(machine, input, clock) {
    changed = 0;
    const actor = createActor(machine, { input, clock });
    actor.on('devices.changed', () => { changed += 1; });
    actor.start();
    render(
      <ChakraProvider value={system}>
        <DeviceActionsDialogs actions={actor} />
        <DeviceRowButtons actions={actor} device={SAMPLE_DEVICE} mayNotify mayDelink />
      </ChakraProvider>,
    );
    return {
      send(event) {
        act(() => {
          switch (event.type) {
            case 'devices.notify': fireEvent.click(rowButton(FLEET_TEXTS.notify)); break;
            case 'devices.delink': fireEvent.click(rowButton(FLEET_TEXTS.delink)); break;
            case 'devices.confirmNo': fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'No' })); break;
            case 'devices.confirmYes': fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes' })); break;
            case 'devices.dismiss': fireEvent.click(screen.getByRole('button', { name: FLEET_TEXTS.dismiss })); break;
            default: throw new Error(`No UI action for ${event.type}`);
          }
        });
      },
    };
  },
  states: {
    idle: () => {
      expect(rowButton(FLEET_TEXTS.notify).hasAttribute('disabled')).toBe(false);
      expect(rowButton(FLEET_TEXTS.delink).hasAttribute('disabled')).toBe(false);
      // Closed: gone, or still leaving (Chakra keeps a closing dialog, data-state="closed", until its exit animation ends).
      expect(screen.queryAllByRole('alertdialog').every((dialog) => dialog.getAttribute('data-state') === 'closed')).toBe(true);
      expect(screen.queryByRole('alert')).toBeNull();
    },
    confirmingDelink: () => {
      expect(screen.getByRole('alertdialog').textContent).toContain(FLEET_TEXTS.delinkQuestion('Samsung Galaxy A54 (Dumisani Driver)'));
    },
    delinking: () => {
      expect(within(screen.getByRole('alertdialog')).getByRole('button', { name: /Yes/ }).hasAttribute('disabled')).toBe(true);
      expect(rowButton(FLEET_TEXTS.delink).hasAttribute('disabled')).toBe(true);
    },
    notifying: () => {
      expect(rowButton(FLEET_TEXTS.notify).hasAttribute('disabled')).toBe(true);
      expect(rowButton(FLEET_TEXTS.delink).hasAttribute('disabled')).toBe(true);
    },
    failed: (snapshot) => {
      expect(screen.getByRole('alert').textContent).toContain(snapshot.context.error!.message);
      // The list reloads after a refusal, so it shows the device as it is now.
      expect(changed).toBeGreaterThan(0);
    },
  },
});
