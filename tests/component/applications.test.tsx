import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { toApiError } from '../../src/api/api-error';
import { APPLY_TEXTS, ApplyView } from '../../src/features/applications/ApplyView';
import { REVIEW_TEXTS, ReviewView } from '../../src/features/applications/ReviewView';
import { applicationApplyMachine } from '../../src/machines/applications/application-apply.machine';
import { COMPANY_SAVED, NEW_PARTNER_APPLICATION, SUBMITTED, WITH_DOCUMENT } from '../../src/machines/applications/application-apply.samples';
import type { Application, ApplyCallInput, DocumentUploadInput, StepValues } from '../../src/machines/applications/application-apply.types';
import type { StepName } from '../../src/lib/applications';
import { applicationReviewMachine } from '../../src/machines/applications/application-review.machine';
import type { ReviewCallInput } from '../../src/machines/applications/application-review.types';
import { listMachine } from '../../src/machines/lists/list.machine';
import type { LoadPageInput } from '../../src/machines/lists/list.types';
import type { ApplicationRow } from '../../src/resources/applications';
import type { Page, ResourceRow } from '../../src/resources/types';
import { ListView } from '../../src/ui/admin/ListView';
import { system } from '../../src/ui/theme';
import { FormView } from '../../src/ui/admin/FormView';
import { formMachine } from '../../src/machines/lists/form.machine';
import type { FormValues, ResourceId } from '../../src/resources/types';
import type { Row } from '../../src/machines/lists/form.types';
import { FORM_TEXTS } from '../../src/lib/resource-texts';
import { mayCall } from '../../src/lib/access';
import { permissionsOf } from '../support/shell-harness';
import { loadResources } from '../../src/resources';

// The views get their actors here, not from their screens: the declarations those read are loaded first, as the screens do.
beforeAll(() => loadResources(['applicationInvites', 'businessApplications']));

const wrap = (node: React.ReactNode) => render(<ChakraProvider value={system}><MemoryRouter>{node}</MemoryRouter></ChakraProvider>);

describe('the review lists', () => {
  it('list business applications with their status and a link to each review screen', async () => {
    const row: ApplicationRow = {
      id: 7, xmin: '1', applicationTypeId: 5, applicationType: 'Business', applicationStatusId: 0, applicationStatus: 'Pending', progressStatusId: 1000,
      applicantUserId: 3, applicantName: 'Chloe Customer', applicantEmail: 'customer@demo.test', companyName: 'Tumi Traders', registration: null,
      partnerCompanyId: null, partnerCompanyName: null, createdAt: '2026-11-26T09:00:00.000Z', submittedAt: '2026-11-26T09:10:00.000Z',
    };
    let query: LoadPageInput | undefined;
    const list = createActor(listMachine.provide({
      actors: {
        loadPage: fromPromise<Page<ResourceRow>, LoadPageInput>(async ({ input }) => {
          query = input;
          return { items: [row], paging: { page: 1, pageSize: 20, totalPages: 1, totalItems: 1 } };
        }),
      },
    }), { input: { resource: 'businessApplications', cca2: 'ZA', search: '?applicationStatusId=0' } }).start();
    wrap(<ListView actor={list} mayEdit />);
    await screen.findByText('Tumi Traders');
    expect(screen.getByText('Tumi Traders').closest('tr')!.textContent).toContain('Submitted');
    expect(screen.getAllByRole('link').some((link) => link.getAttribute('href') === '/business-applications/edit/7')).toBe(true);
    expect(query?.params.filters).toEqual({ applicationStatusId: '0' });
  }, 20_000);
});

describe('the apply screen', () => {
  it('starts an application, saves the company step with what was typed, uploads a document and submits', async () => {
    const saved: unknown[] = [];
    const uploads: number[] = [];
    const actor = createActor(applicationApplyMachine.provide({
      actors: {
        loadApplication: fromPromise<Application | null, ApplyCallInput>(async () => null),
        createApplication: fromPromise<Application, ApplyCallInput>(async () => NEW_PARTNER_APPLICATION),
        saveStep: fromPromise<Application, ApplyCallInput & { step: StepName; values: StepValues }>(async ({ input }) => { saved.push(input.values); return COMPANY_SAVED; }),
        uploadDocument: fromPromise<Application, ApplyCallInput & { document: DocumentUploadInput }>(async ({ input }) => { uploads.push(input.document.documentTypeId); return WITH_DOCUMENT; }),
        submitApplication: fromPromise<Application, ApplyCallInput>(async () => { throw toApiError(422, { message: 'Complete every step before submitting.', errors: { 'Step: terms': ['Step: terms'] } }, '/x'); }),
      },
    }), { input: { cca2: 'ZA', applicationTypeId: 1 } }).start();
    wrap(<ApplyView actor={actor} />);
    const start = await screen.findByRole('button', { name: APPLY_TEXTS.start });
    act(() => { fireEvent.click(start); });
    const form = await screen.findByRole('form', { name: APPLY_TEXTS.stepTitles.company });
    fireEvent.change(within(form).getByLabelText('Company name'), { target: { value: 'Swift Couriers' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Company type' }), { target: { value: 'Trust' } });
    act(() => { fireEvent.click(within(form).getByRole('button', { name: APPLY_TEXTS.save })); });
    await screen.findByRole('form', { name: APPLY_TEXTS.stepTitles.declaration });
    expect(saved[0]).toMatchObject({ companyName: 'Swift Couriers', companyType: 'Trust', registrationNumber: null });
    // Unticked declaration questions are answers ("no"), sent as false.
    const declaration = screen.getByRole('form', { name: APPLY_TEXTS.stepTitles.declaration });
    fireEvent.click(within(declaration).getByLabelText('Do you have a part-time job?'));
    act(() => { fireEvent.click(within(declaration).getByRole('button', { name: APPLY_TEXTS.save })); });
    await waitFor(() => expect(saved[1]).toMatchObject({ hasRelation: false, hasPartTimeJob: true, hasVendorRelation: false }));
    const identity = screen.getByRole('group', { name: 'Identity document' });
    fireEvent.change(within(identity).getByLabelText('Identity document file'), { target: { files: [new File(['x'], 'id.png', { type: 'image/png' })] } });
    act(() => { fireEvent.click(within(identity).getByRole('button', { name: 'Upload identity document' })); });
    await waitFor(() => expect(within(screen.getByRole('group', { name: 'Identity document' })).getByText(/Pending approval/)).toBeTruthy());
    expect(uploads).toEqual([2]);
    // A lapsing document waits for its expiry date.
    const licence = screen.queryByRole('group', { name: 'Driving licence' });
    expect(licence).toBeNull();
    act(() => { fireEvent.click(screen.getByRole('button', { name: APPLY_TEXTS.submit })); });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Step: terms');
  }, 20_000);

  it('shows a submitted application where it stands', async () => {
    const actor = createActor(applicationApplyMachine.provide({
      actors: { loadApplication: fromPromise<Application | null, ApplyCallInput>(async () => ({ ...SUBMITTED, missing: ['Document: Proof of address'] })) },
    }), { input: { cca2: 'ZA', applicationTypeId: 1 } }).start();
    wrap(<ApplyView actor={actor} />);
    const region = await screen.findByLabelText(APPLY_TEXTS.tracking);
    expect(region.textContent).toContain('Status: Pending (Submitted)');
    expect(region.textContent).toContain('Document: Proof of address');
  });
});

describe('the review screen', () => {
  it('rejecting needs a reason; a refused approval names the documents', async () => {
    const calls: ReviewCallInput[] = [];
    const actor = createActor(applicationReviewMachine.provide({
      actors: {
        loadApplication: fromPromise<Application, { cca2: string; id: number }>(async () => SUBMITTED),
        reviewCall: fromPromise<Application, ReviewCallInput>(async ({ input }) => {
          calls.push(input);
          if (input.action.kind === 'approve') {
            throw toApiError(422, { message: 'The required documents are not all valid. Proof of address', errors: { 'Proof of address': ['x'] } }, '/x');
          }
          return { ...SUBMITTED, applicationStatusId: -1001, applicationStatus: 'Rejected', progressStatusId: 2000, reason: input.reason };
        }),
      },
    }), { input: { cca2: 'ZA', id: 7 } }).start();
    wrap(<ReviewView actor={actor} />);
    await screen.findByText(/Applicant: Chloe Customer/);
    act(() => { fireEvent.click(screen.getByRole('button', { name: REVIEW_TEXTS.approve })); });
    const approveDialog = await screen.findByRole('alertdialog');
    act(() => { fireEvent.click(within(approveDialog).getByRole('button', { name: 'Yes' })); });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Proof of address');
    act(() => { fireEvent.click(screen.getByRole('button', { name: REVIEW_TEXTS.reject })); });
    await waitFor(() => expect(screen.getByRole('alertdialog').textContent).toContain(REVIEW_TEXTS.questions.reject));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByRole('button', { name: 'Yes' }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(REVIEW_TEXTS.reason), { target: { value: 'Blurred ID' } });
    act(() => { fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' })); });
    await screen.findByText(/Status: Rejected/);
    expect(calls.map((call) => [call.action.kind, call.reason])).toEqual([['approve', ''], ['reject', 'Blurred ID']]);
    expect(screen.queryByRole('button', { name: REVIEW_TEXTS.approve })).toBeNull();
  }, 20_000);
});

describe('the apply screen keeps what was typed and names what is missing', () => {
  it('a step\'s typed values survive going to another step and back, are what the save sends, and a 400 shows each missing field by its label next to it', async () => {
    const saved: { step: StepName; values: StepValues }[] = [];
    const actor = createActor(applicationApplyMachine.provide({
      actors: {
        loadApplication: fromPromise<Application | null, ApplyCallInput>(async () => COMPANY_SAVED),
        saveStep: fromPromise<Application, ApplyCallInput & { step: StepName; values: StepValues }>(async ({ input }) => {
          saved.push({ step: input.step, values: input.values });
          if (saved.length === 1) {
            throw toApiError(400, { message: 'Contact name is required', errors: { contactName: ['Contact name is required'] } }, '/x');
          }
          return COMPANY_SAVED;
        }),
      },
    }), { input: { cca2: 'ZA', applicationTypeId: 1 } }).start();
    wrap(<ApplyView actor={actor} />);
    // The company step is saved: the declaration step is shown; tick a question and type its details, unsaved.
    const declaration = await screen.findByRole('form', { name: APPLY_TEXTS.stepTitles.declaration });
    fireEvent.click(within(declaration).getByLabelText('Are you related to anyone working for the platform?'));
    fireEvent.change(within(declaration).getByLabelText('Relation details'), { target: { value: 'My cousin drives' } });
    // Back to the company step, change it, and save it with a field the server says is missing.
    act(() => { fireEvent.click(screen.getByRole('button', { name: /^1\. / })); });
    const company = screen.getByRole('form', { name: APPLY_TEXTS.stepTitles.company });
    expect((within(company).getByLabelText('Company name') as HTMLInputElement).value).toBe('Swift Couriers');
    fireEvent.change(within(company).getByLabelText('Contact name'), { target: { value: ' ' } });
    act(() => { fireEvent.click(within(company).getByRole('button', { name: APPLY_TEXTS.save })); });
    const fieldError = await within(company).findByText('Contact name is required');
    expect(within(company).getByLabelText('Contact name').getAttribute('aria-describedby')).toBe(fieldError.id);
    expect(saved[0]).toMatchObject({ step: 'company', values: { companyName: 'Swift Couriers', contactName: ' ' } });
    expect(screen.getByRole('alert').textContent).not.toContain('contactName');
    // To the declaration step and back: what was typed there is still there, and is what its save sends.
    act(() => { fireEvent.click(screen.getByRole('button', { name: /^2\. / })); });
    const again = screen.getByRole('form', { name: APPLY_TEXTS.stepTitles.declaration });
    expect((within(again).getByLabelText('Relation details') as HTMLInputElement).value).toBe('My cousin drives');
    act(() => { fireEvent.click(within(again).getByRole('button', { name: APPLY_TEXTS.save })); });
    await waitFor(() => expect(saved[1]).toEqual({
      step: 'declaration',
      values: { hasRelation: true, relationInfo: 'My cousin drives', hasPartTimeJob: false, partTimeJobDetails: null, hasVendorRelation: false, vendorRelationInfo: null },
    }));
  }, 20_000);
});

type SaveInput = { resource: ResourceId; cca2: string; id: number | undefined; values: FormValues; xmin: string | undefined };

describe('the driver invite form', () => {
  const inviteForm = (saved: FormValues[]) => createActor(formMachine.provide({
    actors: {
      saveRecord: fromPromise<Row, SaveInput>(async ({ input }) => {
        saved.push(input.values);
        return { id: 5, xmin: 'x' };
      }),
    },
  }), { input: { resource: 'applicationInvites', cca2: 'ZA', id: undefined } }).start();

  it('a partner gets no company lookup (it may not search companies): the invite is for its own partner company', async () => {
    const saved: FormValues[] = [];
    const partner = permissionsOf(['Partner'], { companyId: 12 });
    expect(mayCall('createdriverapplication', partner)).toBe(true);
    wrap(<FormView actor={inviteForm(saved)} permissions={partner} />);
    await screen.findByLabelText('Email');
    expect(screen.queryByTestId('lookup-partnerCompanyId')).toBeNull();
    expect(screen.getByTestId('implied-partnerCompanyId').textContent).toBe('The driver will join your partner company.');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'driver@demo.test' } });
    act(() => { fireEvent.click(screen.getByRole('button', { name: FORM_TEXTS.save })); });
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.partnerCompanyId ?? null).toBeNull();
  }, 20_000);

  it('an administrator keeps the partner company lookup', async () => {
    wrap(<FormView actor={inviteForm([])} permissions={permissionsOf(['Administrator'])} />);
    expect(await screen.findByTestId('lookup-partnerCompanyId')).toBeTruthy();
    expect(screen.queryByTestId('implied-partnerCompanyId')).toBeNull();
  }, 20_000);
});
