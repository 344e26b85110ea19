import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor } from 'xstate';
import { system } from '../../src/ui/theme';
import { PermissionsPanel } from '../../src/features/territories/PermissionsPanel';
import { PERMISSION_TEXTS } from '../../src/lib/territory-texts';
import { territoryPermissionsMachine } from '../../src/machines/territories/territory-permissions.machine';
import { territoryPermissionsSamples } from '../../src/machines/territories/territory-permissions.samples';
import { describeModel } from '../support/model-paths';

let actorRef: ReturnType<typeof createActor<typeof territoryPermissionsMachine>> | undefined;

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describeModel({
  machine: territoryPermissionsMachine,
  scenarios: territoryPermissionsSamples.scenarios,
  targets: territoryPermissionsSamples.targets,
  guards: true,
  start(machine, input, clock) {
    const actor = createActor(machine, { input, clock });
    actorRef = actor;
    actor.start();
    render(<ChakraProvider value={system}><PermissionsPanel actor={actor} /></ChakraProvider>);
    return {
      send(event) {
        act(() => {
          switch (event.type) {
            case 'permissions.retry': fireEvent.click(button(PERMISSION_TEXTS.retry)); break;
            case 'permissions.grant':
              fireEvent.change(screen.getByRole('combobox', { name: PERMISSION_TEXTS.role }), { target: { value: event.grant.role } });
              fireEvent.click(button(PERMISSION_TEXTS.grantRole));
              break;
            case 'permissions.revoke': {
              const row = actorRef!.getSnapshot().context.permissions.find((permission) => permission.id === event.id)!;
              fireEvent.click(button(PERMISSION_TEXTS.revoke(PERMISSION_TEXTS.label(row))));
              break;
            }
            default: throw new Error(`No UI action for ${event.type}`);
          }
        });
      },
    };
  },
  states: {
    loading: () => expect(screen.getByRole('status').textContent).toBe(PERMISSION_TEXTS.loading),
    failed: (snapshot) => {
      expect(button(PERMISSION_TEXTS.retry)).toBeTruthy();
      expect(screen.getByText(snapshot.context.error!.message)).toBeTruthy();
    },
    ready: (snapshot) => {
      const labels = snapshot.context.permissions.map((row) => PERMISSION_TEXTS.label(row));
      expect(screen.queryAllByTestId('permission-label').map((row) => row.textContent)).toEqual(labels);
      if (labels.length === 0) expect(screen.getByTestId('permissions-none').textContent).toBe(PERMISSION_TEXTS.none);
      if (snapshot.context.error) expect(screen.getByRole('alert').textContent).toBe(snapshot.context.error.message);
      expect(button(PERMISSION_TEXTS.grantRole).disabled).toBe(false);
      // The chart refuses a revoke of a row not listed (isListed): exactly the rows with a revoke button.
      for (const id of [1, 2]) {
        const event = { type: 'permissions.revoke', id } as const;
        const row = snapshot.context.permissions.find((permission) => permission.id === id);
        expect(actorRef!.getSnapshot().can(event)).toBe(row !== undefined);
        if (row) expect(button(PERMISSION_TEXTS.revoke(PERMISSION_TEXTS.label(row))).disabled).toBe(false);
      }
    },
    granting: () => expect(button(PERMISSION_TEXTS.grantRole).disabled).toBe(true),
    revoking: () => expect(button(PERMISSION_TEXTS.grantRole).disabled).toBe(true),
  },
});
