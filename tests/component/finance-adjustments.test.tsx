import { ChakraProvider } from '@chakra-ui/react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { toApiError } from '../../src/api/api-error';
import { JobView } from '../../src/features/jobs/JobPage';
import { ADJUSTMENT_TEXTS } from '../../src/lib/finance-texts';
import { roleFlagsOf, type Permissions } from '../../src/lib/roles';
import { adjustmentMachine } from '../../src/machines/finance/adjustment.machine';
import { ADJUSTED } from '../../src/machines/finance/adjustment.samples';
import type { AdjustmentSubmitInput, AdjustmentTarget } from '../../src/machines/finance/adjustment.types';
import { jobScreenMachine } from '../../src/machines/operations/job-screen.machine';
import { driverCandidatesSample, jobFiguresSample, jobScreenDetailsSample, jobScreenSamples, nearDriverSample } from '../../src/machines/operations/job-screen.samples';
import type { JobDetails } from '../../src/machines/operations/operations.api';
import { AdjustmentDialog } from '../../src/ui/finance/AdjustmentDialog';
import { system } from '../../src/ui/theme';

const admin: Permissions = {
  ...roleFlagsOf(1, ['Administrator']), id: 1, companyId: null, storeId: null, email: 'administrator@demo.test', emailConfirmed: true, phoneNumberConfirmed: true, beta: false,
};

function adjustmentActor(target: AdjustmentTarget, current: number | null, refuse?: number) {
  const sent: AdjustmentSubmitInput[] = [];
  const actor = createActor(adjustmentMachine.provide({
    actors: {
      loadCurrent: fromPromise(async () => current),
      submit: fromPromise(async ({ input }: { input: AdjustmentSubmitInput }) => {
        sent.push(input);
        if (refuse) throw toApiError(refuse, { message: 'Not found' }, '/connect/transactions');
        return ADJUSTED;
      }),
    },
  }), { input: { cca2: 'za', target, id: target === 'job' ? 7 : 312 } }).start();
  return { actor, sent };
}

function renderJob(details: JobDetails, edit: boolean) {
  const jobActor = createActor(jobScreenMachine.provide({
    actors: {
      loadJob: fromPromise(async () => details),
      loadDriverDistance: fromPromise(async () => nearDriverSample),
      loadCandidates: fromPromise(async () => driverCandidatesSample),
      loadFigures: fromPromise(async () => jobFiguresSample),
      runCall: fromPromise(async () => { // no call is made here
      }),
    },
  }), { input: jobScreenSamples.scenarios[0]!.input }).start();
  const { actor } = adjustmentActor('job', 50_00);
  render(<ChakraProvider value={system}><JobView actor={jobActor} permissions={admin} edit={edit} adjustments={<AdjustmentDialog actor={actor} currentExcl={null} />} /></ChakraProvider>);
}

describe('finance adjustments on the job and delivery screens', () => {
  it('offers Debit and Credit on the job edit screen only once the job has a driver', async () => {
    const withDriver: JobDetails = { ...jobScreenDetailsSample, job: { ...jobScreenDetailsSample.job, driverId: 21, driverName: 'Dan Driver' } };
    renderJob(withDriver, true);
    expect(await screen.findByRole('group', { name: ADJUSTMENT_TEXTS.group })).toBeTruthy();
    cleanup();
    renderJob({ ...withDriver, job: { ...withDriver.job, driverId: null, driverName: null } }, true);
    await screen.findByRole('group', { name: /actions/i });
    expect(screen.queryByRole('group', { name: ADJUSTMENT_TEXTS.group })).toBeNull();
    cleanup();
    renderJob(withDriver, false);
    await screen.findByRole('group', { name: /actions/i });
    expect(screen.queryByRole('group', { name: ADJUSTMENT_TEXTS.group })).toBeNull();
  });

  it('checks the form with the spec\'s texts, refuses a cost below zero with the button disabled, and posts once confirmed', async () => {
    const { actor, sent } = adjustmentActor('job', 50_00);
    let done = 0;
    actor.on('adjustment.done', () => { done += 1; });
    render(<ChakraProvider value={system}><AdjustmentDialog actor={actor} currentExcl={null} /></ChakraProvider>);
    act(() => { fireEvent.click(screen.getByRole('button', { name: ADJUSTMENT_TEXTS.debit })); });
    const form = await screen.findByRole('form', { name: 'Debit job cost' });
    await waitFor(() => expect(form.getAttribute('aria-busy')).toBe('false'));
    act(() => { fireEvent.submit(form); });
    expect(within(form).getAllByRole('alert').map((node) => node.textContent)).toEqual(['Amount excl is required', 'Reason is required']);
    act(() => { fireEvent.change(within(form).getByLabelText(ADJUSTMENT_TEXTS.amount), { target: { value: '-5' } }); });
    act(() => { fireEvent.submit(form); });
    expect(within(form).getAllByRole('alert').map((node) => node.textContent)).toContain('Amount excl cannot be less than 0');
    act(() => { fireEvent.change(within(form).getByLabelText(ADJUSTMENT_TEXTS.amount), { target: { value: '60.00' } }); });
    act(() => { fireEvent.change(within(form).getByLabelText(ADJUSTMENT_TEXTS.reason), { target: { value: 'Late' } }); });
    expect(within(form).getByRole('alert').textContent).toBe('New cost excl cannot be less than 0.');
    expect(within(form).getByRole('button', { name: ADJUSTMENT_TEXTS.next }).hasAttribute('disabled')).toBe(true);
    act(() => { fireEvent.change(within(form).getByLabelText(ADJUSTMENT_TEXTS.amount), { target: { value: '20.50' } }); });
    act(() => { fireEvent.click(within(form).getByRole('button', { name: ADJUSTMENT_TEXTS.next })); });
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Transaction cannot be undone!');
    expect(dialog.textContent).toContain('reduce the driver pay (job cost)');
    act(() => { fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' })); });
    await waitFor(() => expect(done).toBe(1));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ jobId: 7, amount: 20_50, description: 'Late', isCredit: false });
    expect(sent[0]!.key).toMatch(/^adjust-job-7/);
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('asks to increase the delivery price on a debit and says when the delivery is gone', async () => {
    const { actor, sent } = adjustmentActor('delivery', 100_00, 404);
    let gone = 0;
    actor.on('adjustment.notFound', () => { gone += 1; });
    render(<ChakraProvider value={system}><AdjustmentDialog actor={actor} currentExcl={100_00} /></ChakraProvider>);
    act(() => { fireEvent.click(screen.getByRole('button', { name: ADJUSTMENT_TEXTS.debit })); });
    const form = await screen.findByRole('form', { name: 'Debit delivery price' });
    await waitFor(() => expect(form.getAttribute('aria-busy')).toBe('false'));
    act(() => { fireEvent.change(within(form).getByLabelText(ADJUSTMENT_TEXTS.amount), { target: { value: '20' } }); });
    act(() => { fireEvent.change(within(form).getByLabelText(ADJUSTMENT_TEXTS.reason), { target: { value: 'Waited' } }); });
    act(() => { fireEvent.submit(form); });
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('increase the delivery price');
    act(() => { fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' })); });
    await waitFor(() => expect(gone).toBe(1));
    expect(sent[0]!.body).toEqual({ deliveryId: 312, amount: 20_00, description: 'Waited', isCredit: false });
  });
});
