import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor } from 'xstate';
import { ContactView } from '../../src/features/public/ContactPage';
import { CONTACT_TEXTS } from '../../src/lib/contact';
import { contactSamples } from '../../src/machines/public/contact.samples';
import type { ContactField } from '../../src/machines/public/contact.types';
import { system } from '../../src/ui/theme';
import { describeModel } from '../support/model-paths';

// /contact (issue 19): the fields named when wrong, what was typed kept through refusals, thanks once sent.
const LABELS = { name: CONTACT_TEXTS.name, email: CONTACT_TEXTS.email, phone: CONTACT_TEXTS.phone, subject: CONTACT_TEXTS.subject, message: CONTACT_TEXTS.message };

describeModel({
  machine: contactSamples.machine,
  scenarios: contactSamples.scenarios,
  targets: contactSamples.targets,
  guards: true,
  start(machine, input, clock) {
    const actor = createActor(machine, { input, clock }).start();
    render(<ChakraProvider value={system}><ContactView actor={actor} /></ChakraProvider>);
    return {
      send(event) {
        act(() => {
          switch (event.type) {
            case 'field.change': fireEvent.change(screen.getByLabelText(new RegExp(`^${LABELS[event.field as ContactField].replace(/[()]/g, '\\$&')}`)), { target: { value: event.value } }); break;
            // People never reach the trap: it is out of the accessibility tree, so find it by name.
            case 'website.change': fireEvent.change(document.querySelector('input[name="website"]')!, { target: { value: event.value } }); break;
            case 'submit': fireEvent.click(screen.getByRole('button', { name: CONTACT_TEXTS.send })); break;
            case 'again': fireEvent.click(screen.getByRole('button', { name: CONTACT_TEXTS.sendAnother })); break;
            default: throw new Error(`No UI action for ${event.type}`);
          }
        });
      },
    };
  },
  states: {
    editing: (snapshot) => {
      expect(screen.getByRole('form', { name: CONTACT_TEXTS.title })).toBeTruthy();
      for (const [field, message] of Object.entries(snapshot.context.errors)) if (message) expect(screen.getByText(message), field).toBeTruthy();
      if (snapshot.context.error) expect(screen.getByRole('alert').textContent).toBe(snapshot.context.error.message);
      expect((screen.getByLabelText(new RegExp(`^${CONTACT_TEXTS.name}`)) as HTMLInputElement).value).toBe(snapshot.context.values.name);
      expect(screen.queryByRole('textbox', { name: CONTACT_TEXTS.website })).toBeNull();
    },
    sending: () => expect(screen.getByRole('form', { name: CONTACT_TEXTS.title }).getAttribute('aria-busy')).toBe('true'),
    sent: () => expect(screen.getByRole('status').textContent).toContain(CONTACT_TEXTS.received),
  },
});
