import type { LoadPageInput } from '../../src/machines/lists/list.types';
import { ChakraProvider } from '@chakra-ui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { system } from '../../src/ui/theme';
import { FormView } from '../../src/ui/admin/FormView';
import { ListView } from '../../src/ui/admin/ListView';
import { RevealedSecret } from '../../src/features/integrations/RevealedSecret';
import { WebhookAttemptsView } from '../../src/features/integrations/WebhookAttemptsView';
import type { components } from '../../src/api/generated/connect';
import { INTEGRATION_TEXTS } from '../../src/lib/integrations';
import { FORM_TEXTS } from '../../src/lib/resource-texts';
import type { FormValues, Page, ResourceRow } from '../../src/resources/types';
import { webhookBody, withEventFlags } from '../../src/resources/webhooks';
import { webhookAttemptsMachine } from '../../src/machines/integrations/webhook-attempts.machine';
import { sampleAttemptPage, sampleWebhookAttempt } from '../../src/machines/integrations/webhook-attempts.samples';
import { formMachine } from '../../src/machines/lists/form.machine';
import { listMachine } from '../../src/machines/lists/list.machine';
import { loadResources } from '../../src/resources';

// The views get their actors here, not from their screens: the declarations those read are loaded first, as the screens do.
beforeAll(() => loadResources(['webhooks']));

type Row = Record<string, unknown> & { id: number; xmin: string };

const webhook = (overrides: Partial<components['schemas']['Webhook']> = {}): components['schemas']['Webhook'] => ({
  id: 7, url: 'https://erp.acme.test/hooks', description: 'ERP', companyId: null, companyName: null,
  eventTypes: ['delivery.updated', 'job.updated'], isActive: true, secretHint: 'whsec_abcd', lastStatusId: -2000, lastStatus: 'Failed',
  lastAttemptAt: '2026-11-21T10:00:00Z', createdAt: '2026-11-20T10:00:00Z', xmin: '55', ...overrides,
});

describe('webhooks list and form (resource registry)', () => {
  it('lists the URL, company, subscribed events and last result; the result filter offers the webhook statuses by name', async () => {
    const list = createActor(listMachine.provide({
      actors: {
        loadPage: fromPromise<Page<ResourceRow>, LoadPageInput>(async () => ({
          items: [withEventFlags(webhook()), withEventFlags(webhook({ id: 8, url: 'https://crane.test/h', companyId: 2, companyName: 'Blue Crane Foods', eventTypes: ['task.updated'], lastStatusId: 2000, lastStatus: 'Success' }))],
          paging: { page: 1, pageSize: 20, totalPages: 1, totalItems: 2 },
        })),
      },
    }), { input: { resource: 'webhooks', cca2: 'ZA', search: '?webhookStatus=-2000' } }).start();
    render(<ChakraProvider value={system}><MemoryRouter><ListView actor={list} mayEdit /></MemoryRouter></ChakraProvider>);
    await screen.findByText('https://crane.test/h');
    expect(screen.getByText('All companies')).toBeTruthy();
    expect(screen.getByText('Delivery changes, Job changes')).toBeTruthy();
    expect(screen.getByText('Task changes')).toBeTruthy();
    const status = screen.getByRole('combobox', { name: 'Last result' }) as HTMLSelectElement;
    expect(status.value).toBe('-2000');
    expect([...status.options].map((option) => option.textContent)).toEqual(expect.arrayContaining(['Failed', 'Error', 'Unknown', 'Success']));
    expect(screen.getByRole('link', { name: 'Edit https://erp.acme.test/hooks' }).getAttribute('href')).toBe('/webhooks/edit/7');
  });

  it('the form shows one checkbox per event type; saving sends the checked ones as eventTypes', async () => {
    let saved: FormValues | undefined;
    const form = createActor(formMachine.provide({
      actors: {
        loadRecord: fromPromise(async () => withEventFlags(webhook()) as unknown as Row),
        saveRecord: fromPromise<Row, { values: FormValues }>(async ({ input }) => {
          saved = input.values;
          return withEventFlags(webhook({ eventTypes: ['delivery.updated', 'job.updated', 'task.updated'], xmin: '56' })) as unknown as Row;
        }) as never,
      },
    }), { input: { resource: 'webhooks', cca2: 'ZA', id: 7 } }).start();
    render(<ChakraProvider value={system}><MemoryRouter><FormView actor={form} /></MemoryRouter></ChakraProvider>);
    const task = await screen.findByLabelText('Task changes') as HTMLInputElement;
    expect((screen.getByLabelText('Delivery changes') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Job changes') as HTMLInputElement).checked).toBe(true);
    expect(task.checked).toBe(false);
    expect((screen.getByLabelText('URL *') as HTMLInputElement).value).toBe('https://erp.acme.test/hooks');
    fireEvent.click(task);
    fireEvent.click(screen.getByRole('button', { name: FORM_TEXTS.save }));
    await waitFor(() => expect(saved).toBeDefined());
    expect(webhookBody(saved!)).toEqual({
      url: 'https://erp.acme.test/hooks', description: 'ERP', companyId: null, isActive: true,
      eventTypes: ['delivery.updated', 'job.updated', 'task.updated'],
    });
  });
});

describe('webhook edit screen parts', () => {
  it('the attempt log shows each result; "Send test event" shows the first attempt and reloads the log', async () => {
    let loads = 0;
    let tests = 0;
    const actor = createActor(webhookAttemptsMachine.provide({
      actors: {
        loadAttempts: fromPromise(async () => { loads += 1; return sampleAttemptPage; }),
        sendTest: fromPromise(async () => { tests += 1; return sampleWebhookAttempt; }),
      },
    }), { input: { cca2: 'ZA', webhookId: 7 } }).start();
    render(<ChakraProvider value={system}><WebhookAttemptsView actor={actor} /></ChakraProvider>);
    const rows = await screen.findAllByTestId('webhook-attempt');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/delivery\.updated2Unknown.*\d{2}-\d{2}-\d{4}/),
      expect.stringMatching(/webhook\.test1Success20038 ms/),
      expect.stringMatching(/delivery\.updated1Failed50038 msThe receiver answered 500/),
    ]);
    fireEvent.click(screen.getByRole('button', { name: INTEGRATION_TEXTS.sendTest }));
    await waitFor(() => expect(screen.getByTestId('webhook-test-result').textContent).toBe(`${INTEGRATION_TEXTS.testSent} Success (HTTP 200)`));
    await waitFor(() => expect(loads).toBe(2));
    expect(tests).toBe(1);
  });

  it('a secret answered once is shown with its warning, selectable in full', () => {
    render(<ChakraProvider value={system}><RevealedSecret label="Signing secret" value="whsec_abc123" note={INTEGRATION_TEXTS.secretOnce} /></ChakraProvider>);
    expect(screen.getByRole('region', { name: 'Signing secret' }).textContent).toContain(INTEGRATION_TEXTS.secretOnce);
    expect(screen.getByTestId('revealed-secret').textContent).toBe('whsec_abc123');
  });
});
