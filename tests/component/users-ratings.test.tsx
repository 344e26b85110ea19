import type { LoadPageInput } from '../../src/machines/lists/list.types';
import { ChakraProvider } from '@chakra-ui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { components } from '../../src/api/generated/connect';
import { system } from '../../src/ui/theme';
import { FormView } from '../../src/ui/admin/FormView';
import { ListView } from '../../src/ui/admin/ListView';
import { withFixedFilters, withoutFixedFilters } from '../../src/ui/admin/nested-list';
import { userRatingsPaths } from '../../src/features/users/paths';
import { ratingBody, type Rating } from '../../src/resources/ratings';
import { FORM_TEXTS, LIST_TEXTS } from '../../src/lib/resource-texts';
import type { FormValues, ListParams, Page, ResourceRow } from '../../src/resources/types';
import { rolesOf, userBody, type UserAdmin } from '../../src/resources/users';
import { formMachine } from '../../src/machines/lists/form.machine';
import { listMachine } from '../../src/machines/lists/list.machine';
import { permissionsOf, renderShell } from '../support/shell-harness';
import { loadResources } from '../../src/resources';

// The views get their actors here, not from their screens: the declarations those read are loaded first, as the screens do.
beforeAll(() => loadResources(['ratings', 'users']));

type Row = Record<string, unknown> & { id: number; xmin: string };

const rating = (overrides: Partial<components['schemas']['Rating']> = {}): Rating => {
  const row: components['schemas']['Rating'] = {
    id: 11, deliveryId: 301, waybill: 'WBL000012', driverId: 7, driverName: 'Dumisani Driver', score: 5, scoreLabel: 'Excellent',
    comment: 'Very friendly', questionnaireId: 2, questionnaireName: 'Driver conduct', answers: ['Yes', 'No'],
    createdAt: '2026-11-20T08:30:00Z', xmin: '91', ...overrides,
  };
  return { ...row, answersText: (row.answers ?? []).join('; ') };
};

const render_ = (ui: ReactNode) => render(<ChakraProvider value={system}><MemoryRouter>{ui}</MemoryRouter></ChakraProvider>);

describe('ratings under a user (/users/:id/ratings)', () => {
  it('the driver filter comes from the path, never from the query string', () => {
    expect(withFixedFilters('?score=5', { driverid: '7' })).toBe('?score=5&driverid=7');
    expect(withFixedFilters('?driverid=9', { driverid: '7' })).toBe('?driverid=7');
    expect(withoutFixedFilters('?driverid=7&page=2', { driverid: '7' })).toBe('?page=2');
    expect(withoutFixedFilters('?driverid=7', { driverid: '7' })).toBe('');
    expect(userRatingsPaths(7)).toMatchObject({ list: '/users/7/ratings', add: '/users/7/ratings/add' });
    expect(userRatingsPaths(7).edit(11)).toBe('/users/7/ratings/edit/11');
  });

  it('lists the user\'s ratings with their labels; the rating filter offers Useless, Poor, Ok, Good, Excellent; rows edit under the user', async () => {
    let asked: ListParams | undefined;
    const list = createActor(listMachine.provide({
      actors: {
        loadPage: fromPromise<Page<ResourceRow>, LoadPageInput>(async ({ input }) => {
          asked = input.params;
          return { items: [rating(), rating({ id: 12, score: 1, scoreLabel: 'Useless', comment: null })], paging: { page: 1, pageSize: 20, totalPages: 1, totalItems: 2 } };
        }) as never,
      },
    }), { input: { resource: 'ratings', cca2: 'ZA', search: withFixedFilters('?score=5', { driverid: '7' }) } }).start();
    render_(<ListView actor={list} mayEdit rowAction={(row) => <a href={userRatingsPaths(7).edit(row.id)}>Edit</a>} />);
    await screen.findByText('5 - Excellent');
    expect(screen.getByText('1 - Useless')).toBeTruthy();
    expect(asked?.filters).toEqual({ driverid: '7', score: '5' });
    const score = screen.getByRole('combobox', { name: 'Rating' }) as HTMLSelectElement;
    expect(score.value).toBe('5');
    expect([...score.options].map((option) => option.textContent)).toEqual(expect.arrayContaining(['Useless', 'Poor', 'Ok', 'Good', 'Excellent']));
    expect(screen.getAllByRole('link', { name: 'Edit' })[0]!.getAttribute('href')).toBe('/users/7/ratings/edit/11');
  });

  it('the rating form offers the labels and saves the score, comment and answers', async () => {
    let saved: FormValues | undefined;
    const form = createActor(formMachine.provide({
      actors: {
        loadRecord: fromPromise(async () => rating({ score: 4, scoreLabel: 'Good' }) as unknown as Row),
        saveRecord: fromPromise(async ({ input }: { input: { values: FormValues } }) => {
          saved = input.values;
          return rating({ score: 2, scoreLabel: 'Poor', xmin: '92' }) as unknown as Row;
        }) as never,
      },
    }), { input: { resource: 'ratings', cca2: 'ZA', id: 11 } }).start();
    render_(<FormView actor={form} />);
    const score = await screen.findByLabelText('Rating *') as HTMLSelectElement;
    expect(score.value).toBe('Good');
    expect(screen.queryByLabelText('Driver *')).toBeNull();
    expect((screen.getByLabelText('Answers (separate with ;)') as HTMLInputElement).value).toBe('Yes; No');
    fireEvent.change(score, { target: { value: 'Poor' } });
    fireEvent.change(screen.getByLabelText('Answers (separate with ;)'), { target: { value: 'Yes;  ; Late' } });
    fireEvent.click(screen.getByRole('button', { name: FORM_TEXTS.save }));
    await waitFor(() => expect(saved).toBeDefined());
    expect(ratingBody(saved!)).toMatchObject({ score: 2, comment: 'Very friendly', answers: ['Yes', 'Late'], questionnaireId: 2 });
  });
});

describe('users form', () => {
  it('shows the roles as one text and sends them as a list; email only on add', async () => {
    const user: UserAdmin = {
      id: 7, email: 'driver@demo.test', firstName: 'Dumisani', lastName: 'Driver', fullName: 'Dumisani Driver', phoneNumber: null,
      contactCountryCode: 'ZA', roles: ['Driver', 'Partner'], companyId: null, companyName: null, storeId: null, storeName: null,
      emailConfirmed: true, phoneNumberConfirmed: false, isActive: true, beta: false, twoFactorEnabled: false, lockedOut: false,
      createdAt: '2026-11-20T08:30:00Z', xmin: '12', rolesText: 'Driver, Partner',
    };
    const form = createActor(formMachine.provide({ actors: { loadRecord: fromPromise(async () => user as unknown as Row) } }),
      { input: { resource: 'users', cca2: 'ZA', id: 7 } }).start();
    render_(<FormView actor={form} />);
    expect(((await screen.findByLabelText('Roles (separate with ,)')) as HTMLInputElement).value).toBe('Driver, Partner');
    expect(screen.queryByLabelText('Email *')).toBeNull();
    expect((screen.getByLabelText('Active') as HTMLInputElement).checked).toBe(true);
    expect(rolesOf('driver, PARTNER , driver,')).toEqual(['Driver', 'Partner']);
    expect(userBody({ email: 'x@y.test', firstName: 'A', lastName: 'B', phoneNumber: ' ', rolesText: 'StoreUser' }))
      .toEqual({ firstName: 'A', lastName: 'B', phoneNumber: null, roles: ['StoreUser'] });
  });
});

describe('the nested routes are screens of their own', () => {
  it('/users/:id/ratings shows the user\'s ratings under Users / #id, with Create going to the nested add screen', async () => {
    renderShell({ path: '/users/7/ratings', permissions: permissionsOf(['StaffOperator']) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ratings' }, { timeout: 10_000 })).toBeTruthy();
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getByRole('link', { name: '#7' }).getAttribute('href')).toBe('/users/edit/7');
    expect(crumbs.getByRole('link', { name: 'Users' }).getAttribute('href')).toBe('/users');
    expect(screen.getByRole('link', { name: LIST_TEXTS.create }).getAttribute('href')).toBe('/users/7/ratings/add');
  }, 20_000);

  it('/users/:id/ratings/add starts with the user as the driver rated', async () => {
    renderShell({ path: '/users/7/ratings/add', permissions: permissionsOf(['StaffOperator']) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Add rating' }, { timeout: 10_000 })).toBeTruthy();
    // The driver lookup holds the user of the path (named by its id here: this test has no server to read the name from).
    await waitFor(() => expect(within(screen.getByTestId('lookup-driverId')).getByTestId('search-select-selected').textContent).toBe('#7'));
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Ratings' }).getAttribute('href')).toBe('/users/7/ratings');
  }, 20_000);
});
