import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor } from 'xstate';
import { AutoDispatchButton, AutoDispatchModal } from '../../src/features/dashboard/AutoDispatchModal';
import { AUTO_DISPATCH_TEXTS } from '../../src/lib/auto-dispatch';
import { autoDispatchSamples } from '../../src/machines/operations/auto-dispatch.samples';
import type { AutoDispatchEvent, AutoDispatchRun } from '../../src/machines/operations/auto-dispatch.types';
import { system } from '../../src/ui/theme';
import { chartCan, describeModel } from '../support/model-paths';

// "Run auto-dispatch" on the dashboard (issue 20) through its Chakra dialog: territory, run, leave it on, the result.
const texts = AUTO_DISPATCH_TEXTS;
let ran: AutoDispatchRun[] = [];
/** The chart the suite started (its guards observed), for `chartCan`. */
let chart = autoDispatchSamples.machine;
const dialog = () => within(screen.getAllByRole('dialog').find((element) => element.getAttribute('data-state') === 'open')!);

describeModel({
  machine: autoDispatchSamples.machine,
  scenarios: autoDispatchSamples.scenarios,
  targets: autoDispatchSamples.targets,
  guards: true,
  start(machine, input, clock) {
    chart = machine;
    ran = [];
    const actor = createActor(machine, { input, clock });
    actor.on('autoDispatch.ran', (event) => ran.push(event.run));
    actor.start();
    render(<ChakraProvider value={system}><AutoDispatchButton actor={actor} /><AutoDispatchModal actor={actor} /></ChakraProvider>);
    return {
      send(event) {
        act(() => {
          const typed = event as AutoDispatchEvent;
          const snapshot = actor.getSnapshot();
          switch (typed.type) {
            case 'autoDispatch.open': fireEvent.click(screen.getByRole('button', { name: texts.run })); break;
            case 'autoDispatch.territory': {
              // The list offers only known territories: an unknown id is sent to the chart, which ignores it.
              if (!snapshot.context.settings.some((setting) => setting.territoryId === typed.territoryId)) actor.send(typed);
              else fireEvent.change(dialog().getByLabelText(texts.territory), { target: { value: String(typed.territoryId) } });
              break;
            }
            case 'autoDispatch.run': {
              const button = dialog().getByRole('button', { name: texts.runOnce });
              if (button.hasAttribute('disabled')) actor.send(typed);
              else fireEvent.click(button);
              break;
            }
            case 'autoDispatch.leaveOn': {
              const box = dialog().queryByRole('checkbox', { name: texts.leaveOn });
              if (!box) actor.send(typed);
              else fireEvent.click(box);
              break;
            }
            case 'autoDispatch.retry': fireEvent.click(dialog().getByRole('button', { name: texts.retry })); break;
            case 'autoDispatch.close': fireEvent.click(dialog().getByRole('button', { name: texts.close })); break;
            default: throw new Error(`No UI action for ${event.type}`);
          }
        });
      },
    };
  },
  states: {
    closed: () => {
      expect(screen.getByRole('button', { name: texts.run })).toBeTruthy();
      const shown = screen.queryByRole('dialog');
      expect(shown === null || shown.getAttribute('data-state') === 'closed').toBe(true);
    },
    loading: () => {
      expect(dialog().getByText(texts.loading)).toBeTruthy();
    },
    failed: (snapshot) => {
      expect(dialog().getByText(snapshot.context.error!.message)).toBeTruthy();
      expect(dialog().getByRole('button', { name: texts.retry })).toBeTruthy();
    },
    choosing: (snapshot) => {
      const { settings, territoryId, result, error } = snapshot.context;
      const run = dialog().getByRole('button', { name: texts.runOnce });
      expect(run.hasAttribute('disabled')).toBe(territoryId === null);
      if (settings.length === 0) {
        expect(dialog().getByText(texts.noTerritories)).toBeTruthy();
      } else {
        expect((dialog().getByLabelText(texts.territory) as HTMLSelectElement).value).toBe(String(territoryId));
        const chosen = settings.find((setting) => setting.territoryId === territoryId)!;
        expect((dialog().getByRole('checkbox', { name: texts.leaveOn }) as HTMLInputElement).checked).toBe(chosen.isOn);
      }
      // The list offers the territories loaded, each of which the chart takes; it refuses one the list does not
      // offer (isKnownTerritory).
      const list = dialog().queryByLabelText(texts.territory) as HTMLSelectElement | null;
      const offered = list ? [...list.options].map((option) => Number(option.value)) : [];
      expect(offered).toEqual(settings.map((setting) => setting.territoryId));
      for (const id of offered) expect(chartCan(chart, snapshot, { type: 'autoDispatch.territory', territoryId: id })).toBe(true);
      expect(chartCan(chart, snapshot, { type: 'autoDispatch.territory', territoryId: Math.max(0, ...offered) + 1 })).toBe(false);
      if (error) expect(dialog().getByText(error.message)).toBeTruthy();
      if (result) {
        expect(dialog().getByText(texts.result(result.assigned.length, result.unassigned.length))).toBeTruthy();
        for (const record of result.assigned) {
          expect(within(dialog().getByRole('list', { name: texts.assignedList })).getByText(texts.assignedLine(record.jobId, record.driverName, record.distanceKm, texts.rule(record.rule)))).toBeTruthy();
        }
        for (const item of result.unassigned) expect(dialog().getByText(texts.unassignedLine(item.jobId, item.reason))).toBeTruthy();
        // Told once per run.
        expect(ran).toEqual([result]);
      }
    },
    running: () => {
      expect(dialog().getByText(texts.running)).toBeTruthy();
      expect(dialog().getByRole('button', { name: texts.runOnce }).hasAttribute('disabled')).toBe(true);
    },
    saving: () => {
      expect((dialog().getByRole('checkbox', { name: texts.leaveOn }) as HTMLInputElement).disabled).toBe(true);
    },
  },
});
