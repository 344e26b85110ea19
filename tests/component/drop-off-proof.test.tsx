// Issue 20: on the job screen, a driver's "Complete drop-off" opens the proof dialog instead of calling at once;
// Complete stays held back (naming what is missing) until the required parts are there, a wrong parcel scan is
// named, and the drop-off is completed with the typed name (marked typed), the scans and the code; the job reloads.
import { ChakraProvider } from '@chakra-ui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { DropOffProofDialog } from '../../src/features/jobs/DropOffProofDialog';
import { JobView } from '../../src/features/jobs/JobPage';
import { JOB_SCREEN_TEXTS } from '../../src/lib/jobs-texts';
import { DROP_OFF_PROOF_TEXTS, PROOF_TEXTS, SCAN_TEXTS } from '../../src/lib/proof-of-delivery';
import { roleFlagsOf, type Permissions } from '../../src/lib/roles';
import { LOGISTIC_STATUS, TASK_STATUS } from '../../src/lib/statuses';
import type { proofBody } from '../../src/machines/operations/drop-off-proof';
import { dropOffProofMachine } from '../../src/machines/operations/drop-off-proof.machine';
import { dropOffProofState } from '../../src/machines/operations/drop-off-proof.samples';
import { jobScreenMachine } from '../../src/machines/operations/job-screen.machine';
import { jobFiguresSample, jobScreenDetailsSample, jobScreenSamples } from '../../src/machines/operations/job-screen.samples';
import type { JobDetails, JobScreenCall } from '../../src/machines/operations/operations.api';
import { system } from '../../src/ui/theme';

const driver: Permissions = {
  ...roleFlagsOf(4, ['Driver']), id: 4, companyId: null, storeId: null, email: 'driver@demo.test', emailConfirmed: true, phoneNumberConfirmed: true, beta: false,
};
/** The pick-up done, the driver arrived at the drop-off. */
const arrived: JobDetails = {
  ...jobScreenDetailsSample,
  deliveries: jobScreenDetailsSample.deliveries.map((delivery) => ({ ...delivery, logisticStatusId: LOGISTIC_STATUS.PENDING_DROP_OFF })),
  tasks: jobScreenDetailsSample.tasks.map((task) => (task.id === 11
    ? { ...task, taskStatusId: TASK_STATUS.COMPLETED }
    : { ...task, taskStatusId: TASK_STATUS.IN_PROGRESS, arrivedDate: '2026-11-21T08:30:00Z' })),
};

describe('the driver\'s drop-off proof on the job screen', () => {
  it('takes the proof asked for before completing, then the job reloads', async () => {
    const calls: JobScreenCall[] = [];
    const sent: { taskId: number; body: ReturnType<typeof proofBody> }[] = [];
    let loads = 0;
    const job = createActor(jobScreenMachine.provide({
      actors: {
        loadJob: fromPromise(async () => { loads += 1; return arrived; }),
        loadFigures: fromPromise(async () => jobFiguresSample),
        runCall: fromPromise(async ({ input }: { input: { cca2: string; call: JobScreenCall } }) => { calls.push(input.call); }),
      },
    }), { input: jobScreenSamples.scenarios[0]!.input }).start();
    const proof = createActor(dropOffProofMachine.provide({
      actors: {
        loadTaskState: fromPromise(async () => dropOffProofState),
        completeDropOff: fromPromise(async ({ input }: { input: { cca2: string; taskId: number; body: ReturnType<typeof proofBody> } }) => {
          sent.push({ taskId: input.taskId, body: input.body });
          return dropOffProofState;
        }),
      },
    }), { input: { cca2: 'ZA' } }).start();
    proof.on('proof.completed', () => job.send({ type: 'job.changed' }));
    render(<ChakraProvider value={system}><JobView actor={job} permissions={driver} edit={false} dropOffProof={proof} /><DropOffProofDialog actor={proof} /></ChakraProvider>);

    const table = within(await screen.findByRole('table', { name: JOB_SCREEN_TEXTS.tasks }));
    fireEvent.click(table.getByRole('button', { name: /^Complete drop-off/ }));
    const dialog = within(await screen.findByRole('dialog', { name: DROP_OFF_PROOF_TEXTS.title('WBJ0005') }));
    const complete = () => dialog.getByRole('button', { name: DROP_OFF_PROOF_TEXTS.complete });
    await waitFor(() => expect(complete().hasAttribute('disabled')).toBe(true));
    // Everything required is named; the optional photo is not.
    expect(dialog.getByText(PROOF_TEXTS.missing(['Signature', 'Barcode scan', 'One-time code']))).toBeTruthy();
    expect(calls).toEqual([]);

    const scan = (code: string) => {
      fireEvent.change(dialog.getByLabelText(DROP_OFF_PROOF_TEXTS.scanInput), { target: { value: code } });
      fireEvent.submit(dialog.getByLabelText(DROP_OFF_PROOF_TEXTS.scanInput).closest('form')!);
    };
    scan('ZZ-404');
    expect(dialog.getByRole('alert').textContent).toBe(SCAN_TEXTS.notOnDelivery('ZZ-404'));
    scan('WBJ0009-1');
    expect(dialog.getByText(PROOF_TEXTS.missing(['Signature', 'Barcode scan', 'One-time code']))).toBeTruthy();
    scan('WBJ0009-2');
    fireEvent.change(dialog.getByLabelText(DROP_OFF_PROOF_TEXTS.typedName), { target: { value: 'Rita Recipient' } });
    expect(dialog.getByText(PROOF_TEXTS.missing(['One-time code']))).toBeTruthy();
    fireEvent.change(dialog.getByLabelText(DROP_OFF_PROOF_TEXTS.codeInput), { target: { value: '482913' } });
    expect(complete().hasAttribute('disabled')).toBe(false);
    fireEvent.click(complete());

    await waitFor(() => expect(dialog.getByRole('status').textContent).toBe(DROP_OFF_PROOF_TEXTS.completed));
    expect(sent).toEqual([{ taskId: 12, body: { signature: 'Rita Recipient', signatureMethod: 'typed', barcodes: ['WBJ0009-1', 'WBJ0009-2'], code: '482913' } }]);
    // Completed through the dialog, not the bare call; the job shows what the server holds now.
    expect(calls).toEqual([]);
    await waitFor(() => expect(loads).toBe(2));
  });

  it('takes three photos at most: the photo input is disabled at three and the chart refuses a fourth', async () => {
    let uploads = 0;
    const proof = createActor(dropOffProofMachine.provide({
      actors: {
        loadTaskState: fromPromise(async () => dropOffProofState),
        uploadPhoto: fromPromise(async () => {
          uploads += 1;
          return { id: 500 + uploads, imageUrl: `/connect/media/image/za/${500 + uploads}?token=sample` };
        }),
      },
    }), { input: { cca2: 'ZA' } }).start();
    render(<ChakraProvider value={system}><DropOffProofDialog actor={proof} /></ChakraProvider>);
    proof.send({ type: 'proof.open', taskId: 42, label: 'WBJ0009' });
    const dialog = within(await screen.findByRole('dialog', { name: DROP_OFF_PROOF_TEXTS.title('WBJ0009') }));
    const input = () => dialog.getByLabelText(DROP_OFF_PROOF_TEXTS.photoInput) as HTMLInputElement;
    const photo = () => new File(['photo'], 'photo.jpg', { type: 'image/jpeg' });
    for (const count of [1, 2, 3]) {
      await waitFor(() => expect(input().disabled).toBe(false));
      fireEvent.change(input(), { target: { files: [photo()] } });
      await waitFor(() => expect(dialog.getByText(DROP_OFF_PROOF_TEXTS.photoCount(count))).toBeTruthy());
    }
    await waitFor(() => expect(input().disabled).toBe(true));
    expect(proof.getSnapshot().can({ type: 'proof.photo', file: photo() })).toBe(false);
    expect(uploads).toBe(3);
  });
});
