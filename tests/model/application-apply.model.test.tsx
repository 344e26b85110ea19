import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor } from 'xstate';
import { APPLY_TEXTS, ApplyView } from '../../src/features/applications/ApplyView';
import { APPLICATION_FIELD_LABELS, DOCUMENT_TYPE_LABELS, type ApplicationFieldName, type DocumentTypeId } from '../../src/lib/applications';
import { applicationApplyMachine } from '../../src/machines/applications/application-apply.machine';
import { applicationApplySamples } from '../../src/machines/applications/application-apply.samples';
import { system } from '../../src/ui/theme';
import { chartCan, describeModel } from '../support/model-paths';

/** The chart the suite started (its guards observed), for `chartCan`. */
let chart = applicationApplyMachine;
const button = (name: string | RegExp) => screen.getByRole('button', { name, hidden: true });
const saveButton = () => button(APPLY_TEXTS.save);
const identity = () => screen.getByRole('group', { name: 'Identity document' });

describeModel({
  machine: applicationApplyMachine,
  scenarios: applicationApplySamples.scenarios,
  targets: applicationApplySamples.targets,
  guards: true,
  start(machine, input, clock) {
    chart = machine;
    const actor = createActor(machine, { input, clock }).start();
    render(<ChakraProvider value={system}><ApplyView actor={actor} /></ChakraProvider>);
    return {
      send(event) {
        act(() => {
          switch (event.type) {
            case 'apply.start': fireEvent.click(button(APPLY_TEXTS.start)); break;
            case 'field.change': fireEvent.change(screen.getByLabelText(APPLICATION_FIELD_LABELS[event.name as ApplicationFieldName]), { target: { value: event.value } }); break;
            case 'apply.save': fireEvent.click(saveButton()); break;
            case 'apply.goto': fireEvent.click(button(/^1\. /)); break;
            case 'apply.upload': {
              const label = DOCUMENT_TYPE_LABELS[event.document.documentTypeId as DocumentTypeId];
              const group = screen.getByRole('group', { name: label });
              fireEvent.change(within(group).getByLabelText(`${label} file`), { target: { files: [event.document.file] } });
              if (event.document.expiryDate) fireEvent.change(within(group).getByLabelText('Expiry date'), { target: { value: event.document.expiryDate } });
              fireEvent.click(within(group).getByRole('button', { name: `Upload ${label.toLowerCase()}` }));
              break;
            }
            case 'apply.removeDocument': fireEvent.click(button(APPLY_TEXTS.remove)); break;
            case 'apply.clear': fireEvent.click(button(APPLY_TEXTS.clear)); break;
            case 'apply.confirmNo': fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'No' })); break;
            case 'apply.confirmYes': fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes' })); break;
            case 'apply.submit': fireEvent.click(button(APPLY_TEXTS.submit)); break;
            case 'apply.cancel': fireEvent.click(button(APPLY_TEXTS.cancel)); break;
            case 'apply.reload': fireEvent.click(button(APPLY_TEXTS.reload)); break;
            case 'apply.another': fireEvent.click(button(APPLY_TEXTS.another)); break;
            default: throw new Error(`No UI action for ${event.type}`);
          }
        });
      },
    };
  },
  states: {
    loading: () => {
      expect(screen.getByText('Loading…')).toBeTruthy();
    },
    notStarted: (snapshot) => {
      expect(screen.getByText(APPLY_TEXTS.notStarted(snapshot.context.applicationTypeId === 4 ? 'Vehicle' : 'Partner'))).toBeTruthy();
      expect(button(APPLY_TEXTS.start).hasAttribute('disabled')).toBe(false);
      if (snapshot.context.error) expect(screen.getByRole('alert').textContent).toContain(snapshot.context.error.message);
    },
    creating: () => {
      expect(button(APPLY_TEXTS.start).hasAttribute('disabled')).toBe(true);
    },
    editing: (snapshot) => {
      const { application, viewStep } = snapshot.context;
      const step = application!.steps[viewStep] as keyof typeof APPLY_TEXTS.stepTitles;
      const form = screen.getByRole('form', { name: APPLY_TEXTS.stepTitles[step] });
      // The form shows the machine's draft: what was typed, even after moving to another step and back.
      if (step === 'company') {
        expect((within(form).getByLabelText(APPLICATION_FIELD_LABELS.companyName) as HTMLInputElement).value).toBe(snapshot.context.draft.companyName ?? '');
      }
      expect(saveButton().hasAttribute('disabled')).toBe(false);
      const document = application!.documents.find((candidate) => candidate.documentTypeId === 2);
      if (application!.requiredDocumentTypeIds.includes(2)) expect(identity().textContent).toContain(document ? document.documentStatus : 'Not uploaded');
      // Remove is offered on each of the application's own documents shown, and the chart takes it; a removal of a
      // document the application does not have (none shown) is refused (hasDocument).
      const shown = application!.documents.filter((candidate) => application!.requiredDocumentTypeIds.includes(candidate.documentTypeId));
      expect(screen.queryAllByRole('button', { name: APPLY_TEXTS.remove, hidden: true })).toHaveLength(shown.length);
      shown.forEach((candidate) => expect(chartCan(chart, snapshot, { type: 'apply.removeDocument', documentId: candidate.id })).toBe(true));
      const unknownId = Math.max(0, ...application!.documents.map((candidate) => candidate.id)) + 1;
      expect(chartCan(chart, snapshot, { type: 'apply.removeDocument', documentId: unknownId })).toBe(false);
      if (snapshot.context.error) expect(screen.getByRole('alert').textContent).toContain(snapshot.context.error.message);
    },
    saving: () => { expect(saveButton().hasAttribute('disabled')).toBe(true); },
    uploading: () => { expect(button(APPLY_TEXTS.submit).hasAttribute('disabled')).toBe(true); },
    removingDocument: () => { expect(button(APPLY_TEXTS.remove).hasAttribute('disabled')).toBe(true); },
    confirmingClear: () => {
      expect(screen.getByRole('alertdialog').textContent).toContain(APPLY_TEXTS.clearQuestion);
    },
    clearing: () => {
      expect(screen.getByRole('alertdialog')).toBeTruthy();
      expect(button(APPLY_TEXTS.clear).hasAttribute('disabled')).toBe(true);
    },
    submitting: () => { expect(button(APPLY_TEXTS.submit).hasAttribute('disabled')).toBe(true); },
    cancelling: () => { expect(button(APPLY_TEXTS.cancel).hasAttribute('disabled')).toBe(true); },
    tracking: (snapshot) => {
      const region = screen.getByLabelText(APPLY_TEXTS.tracking);
      expect(region.textContent).toContain(`Status: ${snapshot.context.application!.applicationStatus}`);
      expect(screen.queryByRole('form')).toBeNull();
      // Only vehicles may be applied for again while one is open.
      expect(screen.queryByRole('button', { name: APPLY_TEXTS.another }) !== null).toBe(snapshot.context.applicationTypeId === 4);
    },
  },
});
