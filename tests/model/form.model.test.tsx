import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor } from 'xstate';
import { system } from '../../src/ui/theme';
import { FormView } from '../../src/ui/admin/FormView';
import { FORM_TEXTS, LIST_TEXTS } from '../../src/lib/resource-texts';
import { formMachine } from '../../src/machines/lists/form.machine';
import type { FormEvent } from '../../src/machines/lists/form.types';
import { formSamples } from '../../src/machines/lists/form.samples';
import { loadResources, resourceOf } from '../../src/resources';
import { chartCan, describeModel } from '../support/model-paths';
// The confirm dialog loads on first open (src/ui/LazyConfirmDialog.tsx); loaded here, its lazy() resolves at once.
import '../../src/ui/ConfirmDialog';

// The samples' resources, loaded as their screens load them before creating the actor (paths are generated at once).
await loadResources(['stores', 'scheduledReports']);

let navigations: string[] = [];
/** A field's control by its label (required ones end in ' *'). */
const fieldNamed = (label: string) => screen.getByLabelText(new RegExp(`^${label.replace(/[()*.]/g, '\\$&')}`));
let notFound = 0;

let observed: typeof formMachine = formMachine;

describeModel({
  machine: formMachine,
  scenarios: formSamples.scenarios,
  targets: formSamples.targets,
  guards: true,
  start(machine, input, clock) {
    navigations = [];
    notFound = 0;
    observed = machine;
    const actor = createActor(machine, { input, clock });
    actor.on('form.navigate', (event) => navigations.push(event.to));
    actor.on('form.notFound', () => { notFound += 1; });
    actor.start();
    render(<ChakraProvider value={system}><FormView actor={actor} /></ChakraProvider>);
    return {
      async send(event) {
        const dialog = () => screen.getByRole('alertdialog');
        act(() => {
          switch (event.type) {
            case 'form.change': {
              // A lookup is chosen through its search select (typing, the server's options: tests/component/
              // form-lookups.test.tsx); here the choice arrives as the select sends it, id and name.
              if (event.name === 'companyId') { actor.send(event as FormEvent); break; }
              const label = resourceOf(input.resource).fields.find((field) => field.name === event.name)!.label;
              fireEvent.change(fieldNamed(label), { target: { value: String(event.value) } });
              break;
            }
            case 'form.submit': fireEvent.click(screen.getByRole('button', { name: FORM_TEXTS.save })); break;
            case 'form.retry': fireEvent.click(screen.getByRole('button', { name: LIST_TEXTS.tryAgain })); break;
            case 'form.keepMine': fireEvent.click(screen.getByRole('button', { name: FORM_TEXTS.keepMine })); break;
            case 'form.takeCurrent': fireEvent.click(screen.getByRole('button', { name: FORM_TEXTS.takeCurrent })); break;
            case 'form.delete': fireEvent.click(screen.getByRole('button', { name: FORM_TEXTS.delete })); break;
            case 'form.confirmNo': fireEvent.click(within(dialog()).getByRole('button', { name: 'No' })); break;
            case 'form.confirmYes': fireEvent.click(within(dialog()).getByRole('button', { name: 'Yes' })); break;
            default: throw new Error(`No UI action for ${event.type}`);
          }
        });
      },
    };
  },
  states: {
    loading: () => expect(screen.getByRole('status').textContent).toBe(LIST_TEXTS.loading),
    loadFailed: () => expect(screen.getByRole('button', { name: LIST_TEXTS.tryAgain })).toBeTruthy(),
    notFound: () => expect(notFound).toBe(1),
    editing: (snapshot) => {
      expect(screen.getByRole('button', { name: FORM_TEXTS.save })).toBeTruthy();
      // Delete is on an existing record of a resource that can delete, and only then does the chart take it (mayDelete).
      const mayDelete = chartCan(observed, snapshot, { type: 'form.delete' });
      expect(mayDelete).toBe(snapshot.context.id !== undefined && resourceOf(snapshot.context.resource).api.remove !== undefined);
      expect(screen.queryByRole('button', { name: FORM_TEXTS.delete }) !== null).toBe(mayDelete);
      for (const message of Object.values(snapshot.context.fieldErrors)) expect(screen.getByText(message)).toBeTruthy();
      if (snapshot.context.resource === 'scheduledReports') {
        expect((fieldNamed('Recipients') as HTMLInputElement).value).toBe(String(snapshot.context.values.recipients ?? ''));
        expect((fieldNamed('Period') as HTMLSelectElement).value).toBe(String(snapshot.context.values.period ?? ''));
        return;
      }
      expect((screen.getByLabelText(/Store name/) as HTMLInputElement).value).toBe(String(snapshot.context.values.storeName ?? ''));
      // The store's company (add screen) is a search select showing the chosen company's name, never its id.
      const company = screen.queryByTestId('lookup-companyId');
      expect(company !== null).toBe(snapshot.context.id === undefined);
      if (company) {
        expect(within(company).getByRole('combobox', { name: 'Company *' })).toBeTruthy();
        expect(within(company).queryByTestId('search-select-selected')?.textContent).toBe(snapshot.context.labels.companyId);
      }
    },
    saving: () => expect((screen.getByRole('button', { name: FORM_TEXTS.save }) as HTMLButtonElement).disabled).toBe(true),
    conflict: (snapshot) => {
      expect(screen.getByText(FORM_TEXTS.conflictTitle)).toBeTruthy();
      // Both versions: the user's edit stays in the field, the current one shows beside it.
      expect((screen.getByLabelText('Contact name') as HTMLInputElement).value).toBe(String(snapshot.context.values.contactName));
      expect(screen.getByTestId('current-contactName').textContent).toBe(`${FORM_TEXTS.currentValue}: Someone else`);
    },
    confirmingDelete: async () => expect(await screen.findByRole('alertdialog')).toBeTruthy(),
    deleting: async () => expect(await screen.findByRole('alertdialog')).toBeTruthy(),
    // A store's add screen opens the new store; a scheduled report's goes back to the list.
    created: (snapshot) => expect(navigations.at(-1)).toBe(snapshot.context.resource === 'stores' ? '/stores/edit/9' : '/scheduledreports'),
    deleted: () => expect(navigations.at(-1)).toBe('/stores'),
  },
});
