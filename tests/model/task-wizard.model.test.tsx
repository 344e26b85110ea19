import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor } from 'xstate';
import { TaskWizard, type WizardDelivery } from '../../src/features/dashboard/TaskWizard';
import { TASK_WIZARD_TEXTS } from '../../src/lib/jobs-texts';
import type { TaskStopForm, TaskWizardEvent } from '../../src/machines/operations/task-wizard.types';
import { taskWizardSamples } from '../../src/machines/operations/task-wizard.samples';
import { system } from '../../src/ui/theme';
import { describeModel } from '../support/model-paths';

// The task wizard (issue 20) through its form in the dashboard's right side bar.
const deliveries: WizardDelivery[] = [{
  deliveryId: 105, waybill: 'WBJ0005',
  originAddress: { description: '1 Main Road, Rosebank', coordinates: { lat: -26.1467, lon: 28.0436 } },
  destinationAddress: { description: '9 Oxford Road, Parktown', coordinates: { lat: -26.1812, lon: 28.0409 } },
}];
let added: number[] = [];

const FIELD_LABELS: Partial<Record<keyof TaskStopForm, string>> = {
  description: TASK_WIZARD_TEXTS.description, lat: TASK_WIZARD_TEXTS.lat, lon: TASK_WIZARD_TEXTS.lon, storeId: TASK_WIZARD_TEXTS.storeId,
  windowStart: TASK_WIZARD_TEXTS.windowStart, windowEnd: TASK_WIZARD_TEXTS.windowEnd, contactName: TASK_WIZARD_TEXTS.contactName, contactPhone: TASK_WIZARD_TEXTS.contactPhone,
};
const dialog = () => within(screen.getByRole('dialog', { name: TASK_WIZARD_TEXTS.title }));
const value = (label: string) => (dialog().getByRole(label === TASK_WIZARD_TEXTS.delivery || label === TASK_WIZARD_TEXTS.taskType ? 'combobox' : 'textbox', { name: label }) as HTMLInputElement).value;

describeModel({
  machine: taskWizardSamples.machine,
  scenarios: taskWizardSamples.scenarios,
  targets: taskWizardSamples.targets,
  guards: true,
  start(machine, input, clock) {
    added = [];
    const actor = createActor(machine, { input, clock });
    actor.on('wizard.added', (event) => added.push(event.jobId));
    actor.start();
    render(<ChakraProvider value={system}><TaskWizard actor={actor} deliveries={deliveries} /></ChakraProvider>);
    /** Presses a step's button, or (disabled: the step is incomplete) sends the event the chart ignores. */
    const press = (name: string, event: TaskWizardEvent) => {
      const button = dialog().getByRole('button', { name });
      if (button.hasAttribute('disabled')) actor.send(event);
      else fireEvent.click(button);
    };
    return {
      send(event) {
        act(() => {
          const typed = event as TaskWizardEvent;
          switch (typed.type) {
            case 'wizard.open': fireEvent.click(screen.getByRole('button', { name: TASK_WIZARD_TEXTS.open })); break;
            case 'wizard.next': press(TASK_WIZARD_TEXTS.next, typed); break;
            case 'wizard.back': fireEvent.click(dialog().getByRole('button', { name: TASK_WIZARD_TEXTS.back })); break;
            case 'wizard.cancel': fireEvent.click(dialog().getByRole('button', { name: TASK_WIZARD_TEXTS.cancel })); break;
            case 'wizard.submit': press(TASK_WIZARD_TEXTS.submit, typed); break;
            case 'wizard.change':
              // Typed into the step's fields; a field of another step (a path may change it early) goes to the chart as is.
              for (const [field, fieldValue] of Object.entries(typed.fields)) {
                const label = field === 'deliveryId' ? TASK_WIZARD_TEXTS.delivery : field === 'taskTypeId' ? TASK_WIZARD_TEXTS.taskType : FIELD_LABELS[field as keyof TaskStopForm]!;
                const input = screen.queryByRole('dialog') ? dialog().queryByLabelText(label) : null;
                if (input) fireEvent.change(input, { target: { value: String(fieldValue) } });
                else actor.send({ type: 'wizard.change', fields: { [field]: fieldValue } });
              }
              break;
            default: throw new Error(`No UI action for ${event.type}`);
          }
        });
      },
    };
  },
  states: {
    closed: () => {
      expect(screen.getByRole('button', { name: TASK_WIZARD_TEXTS.open })).toBeTruthy();
      expect(screen.queryByRole('dialog')).toBeNull();
      // Every stop the server added told the job to reload.
      expect(added.every((jobId) => jobId === 1)).toBe(true);
    },
    stop: (snapshot) => {
      expect(value(TASK_WIZARD_TEXTS.delivery)).toBe(snapshot.context.form.deliveryId === null ? '' : String(snapshot.context.form.deliveryId));
      expect(value(TASK_WIZARD_TEXTS.taskType)).toBe(snapshot.context.form.taskTypeId === null ? '' : String(snapshot.context.form.taskTypeId));
      expect(dialog().getByRole('button', { name: TASK_WIZARD_TEXTS.next }).hasAttribute('disabled')).toBe(snapshot.context.form.deliveryId === null || snapshot.context.form.taskTypeId === null);
    },
    address: (snapshot) => {
      expect(value(TASK_WIZARD_TEXTS.description)).toBe(snapshot.context.form.description);
      expect(dialog().getByRole('button', { name: TASK_WIZARD_TEXTS.useDestination })).toBeTruthy();
      // A store stop without its store cannot go on.
      const needsStore = snapshot.context.form.taskTypeId !== 1 && snapshot.context.form.taskTypeId !== 2 && snapshot.context.form.storeId === '';
      expect(Boolean(dialog().queryByText(TASK_WIZARD_TEXTS.errors.storeId))).toBe(needsStore);
    },
    window: (snapshot) => {
      expect(dialog().getByLabelText(TASK_WIZARD_TEXTS.windowEnd)).toBeTruthy();
      const backwards = snapshot.context.form.windowStart !== '' && snapshot.context.form.windowEnd !== '' && snapshot.context.form.windowEnd <= snapshot.context.form.windowStart;
      expect(Boolean(dialog().queryByText(TASK_WIZARD_TEXTS.errors.windowOrder))).toBe(backwards);
      if (snapshot.context.error) expect(dialog().getByText(snapshot.context.error.message)).toBeTruthy();
    },
    adding: () => {
      expect(dialog().getByText(TASK_WIZARD_TEXTS.adding, { exact: false })).toBeTruthy();
      expect(dialog().getByRole('button', { name: TASK_WIZARD_TEXTS.submit }).hasAttribute('disabled')).toBe(true);
    },
  },
});
