// Applications to join in real browsers against npm start's server (issue 18): a new user registers, applies as a
// partner with documents; an administrator approves the documents and the application in another browser; the
// applicant's open page gets the partner's menus live, without a reload. The new partner then invites three drivers,
// who register and apply through their invite links, and applies for two vehicles; the administrator approves them
// all; a driver's open page gets the driver's menus live, the partner's invites show as used, and staff find the
// three drivers and two vehicles under the partner's application.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLY_TEXTS } from '../../src/features/applications/ApplyView';
import { REVIEW_TEXTS } from '../../src/features/applications/ReviewView';
import { launchBrowser, startAppServer, submitLogin, type AppServer } from './support';

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer({ THROTTLE_PER_ADDRESS: '1000' }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A small real PDF: the server checks a document's first bytes. */
const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: Buffer.from(`%PDF-1.4\n% ${name}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`) });

async function mainMenuLinks(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.waitFor();
  const links = await nav.getByRole('link').allTextContents();
  await page.keyboard.press('Escape');
  await nav.waitFor({ state: 'hidden' });
  return links;
}

describe('a partner joins', { timeout: 300_000 }, () => {
  it('registers, applies with documents, is approved in another browser, and gets the partner\'s menus live', async () => {
    const applicant = await (await browser.newContext()).newPage();
    await applicant.goto(`${server.url}/login`);
    const signUp = applicant.locator('form').filter({ has: applicant.getByRole('button', { name: 'Sign up' }) });
    const company = `Dube Couriers ${Date.now()}`;
    await signUp.getByLabel('First name').fill('Lindiwe');
    await signUp.getByLabel('Last name').fill('Dube');
    await signUp.getByLabel('Email').fill(`lindiwe${Date.now()}@example.test`);
    await signUp.getByLabel('Password').fill('Demo-password-1');
    await signUp.getByRole('button', { name: 'Sign up' }).click();
    await applicant.waitForURL((url) => !url.pathname.startsWith('/login'));
    expect(await mainMenuLinks(applicant)).not.toContain('Driver Invites');

    await applicant.goto(`${server.url}/partner-apply`);
    await applicant.getByRole('button', { name: APPLY_TEXTS.start, exact: true }).click();
    await applicant.getByLabel('Company name').fill(company);
    await applicant.getByLabel('Registration number').fill('2019/123456/07');
    await applicant.getByLabel('Contact name').fill('Lindiwe Dube');
    await applicant.getByLabel('Company email').fill('ops@dube-couriers.example');
    await applicant.getByLabel('Company phone number').fill('+27 82 555 0199');
    await applicant.getByRole('combobox', { name: 'Company type' }).selectOption({ index: 1 });
    await applicant.getByRole('button', { name: APPLY_TEXTS.save }).click();
    await applicant.getByText('Are you related to anyone working for the platform?').waitFor();
    await applicant.getByRole('button', { name: APPLY_TEXTS.save }).click();
    await applicant.getByText(APPLY_TEXTS.documentsHint).waitFor();
    for (const label of ['Identity document', 'Proof of address', 'Company registration']) {
      const row = applicant.getByRole('group', { name: label });
      await row.getByLabel(`${label} file`).setInputFiles(pdf(`${label}.pdf`));
      await row.getByRole('button', { name: `${APPLY_TEXTS.upload} ${label.toLowerCase()}` }).click();
      await row.getByText('Not uploaded').waitFor({ state: 'detached' });
    }
    await applicant.getByRole('button', { name: APPLY_TEXTS.save }).click();
    await applicant.getByText(APPLY_TEXTS.terms).click();
    await applicant.getByRole('button', { name: APPLY_TEXTS.save }).click();
    await applicant.getByRole('button', { name: APPLY_TEXTS.submit }).click();
    await applicant.getByText(APPLY_TEXTS.tracking).waitFor();

    const admin = await (await browser.newContext()).newPage();
    await submitLogin(admin, server.url, 'administrator@demo.test');
    await admin.getByRole('link', { name: 'Logout' }).waitFor();
    await admin.goto(`${server.url}/partner-applications`);
    await admin.getByRole('row').filter({ hasText: company }).getByRole('link').first().click();
    const documents = admin.getByRole('region', { name: REVIEW_TEXTS.documents });
    for (const label of ['Identity document', 'Proof of address', 'Company registration']) {
      await documents.getByRole('group', { name: label }).getByRole('button', { name: REVIEW_TEXTS.approveDocument }).click();
      await documents.getByRole('group', { name: label }).getByText(`${label}: Valid`).waitFor();
    }
    await admin.getByRole('button', { name: REVIEW_TEXTS.approve, exact: true }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: /^(Yes|Approve)/ }).click();
    await admin.getByRole('button', { name: REVIEW_TEXTS.approve, exact: true }).waitFor({ state: 'detached' });

    // No reload of the applicant's page: the identity hub's reloadProfile brings the partner's menus.
    await expect.poll(async () => mainMenuLinks(applicant), { timeout: 30_000, interval: 2_000 }).toContain('Driver Invites');
    expect(await mainMenuLinks(applicant)).toContain('Bank Accounts');

    // The acceptance (a partner signs up three drivers and two vehicles, entirely through the screens). The
    // partner's invite form has no company lookup (a partner may not search companies): the invite is its own.
    const inviteDriver = async (firstName: string, email: string): Promise<string> => {
      await applicant.goto(`${server.url}/applicationinvites/add`);
      await applicant.getByText('The driver will join your partner company.').waitFor();
      expect(await applicant.getByTestId('lookup-partnerCompanyId').count()).toBe(0);
      await applicant.getByLabel('First name').fill(firstName);
      await applicant.getByRole('textbox', { name: 'Email' }).fill(email);
      await applicant.getByRole('button', { name: 'Save', exact: true }).click();
      await applicant.waitForURL((url) => url.pathname === '/applicationinvites');
      const inviteRow = applicant.getByRole('row').filter({ hasText: email });
      expect(await inviteRow.textContent()).toContain(company);
      // The hash is 18 random bytes in base64url (24 characters); the next cell's text follows it directly.
      const link = /\/driver-apply\/[\w-]{24}/.exec((await inviteRow.textContent()) ?? '')?.[0];
      expect(link).toBeDefined();
      return link!;
    };

    // A driver registers with the invited address and applies through the link, under the partner's company.
    const driverApplies = async (firstName: string, email: string, link: string, checkMissingField: boolean): Promise<Page> => {
      const driver = await (await browser.newContext()).newPage();
      await driver.goto(`${server.url}/login`);
      const driverSignUp = driver.locator('form').filter({ has: driver.getByRole('button', { name: 'Sign up' }) });
      await driverSignUp.getByLabel('First name').fill(firstName);
      await driverSignUp.getByLabel('Last name').fill('Nkosi');
      await driverSignUp.getByLabel('Email').fill(email);
      await driverSignUp.getByLabel('Password').fill('Demo-password-1');
      await driverSignUp.getByRole('button', { name: 'Sign up' }).click();
      await driver.waitForURL((url) => !url.pathname.startsWith('/login'));
      await driver.goto(`${server.url}${link}`);
      await driver.getByRole('button', { name: APPLY_TEXTS.start, exact: true }).click();
      await driver.getByRole('textbox', { name: 'ID number' }).fill('9001015800085');
      if (checkMissingField) {
        // A missing field is named by its label, next to it.
        await driver.getByRole('button', { name: APPLY_TEXTS.save }).click();
        await driver.getByText('Phone number is required').first().waitFor();
      }
      await driver.getByRole('textbox', { name: 'Phone number' }).fill('+27 82 555 0123');
      await driver.getByRole('button', { name: APPLY_TEXTS.save }).click();
      await driver.getByText(APPLY_TEXTS.documentsHint).waitFor();
      const licence = driver.getByRole('group', { name: 'Driving licence' });
      await licence.getByLabel('Driving licence file').setInputFiles(pdf('licence.pdf'));
      await licence.getByLabel('Expiry date').fill(`${new Date().getUTCFullYear() + 2}-06-30`);
      await licence.getByRole('button', { name: `${APPLY_TEXTS.upload} driving licence` }).click();
      await licence.getByText('Not uploaded').waitFor({ state: 'detached' });
      for (const label of ['Identity document', 'Proof of address']) {
        const row = driver.getByRole('group', { name: label });
        await row.getByLabel(`${label} file`).setInputFiles(pdf(`${label}.pdf`));
        await row.getByRole('button', { name: `${APPLY_TEXTS.upload} ${label.toLowerCase()}` }).click();
        await row.getByText('Not uploaded').waitFor({ state: 'detached' });
      }
      await driver.getByRole('button', { name: APPLY_TEXTS.save }).click();
      await driver.getByText(APPLY_TEXTS.terms).click();
      await driver.getByRole('button', { name: APPLY_TEXTS.save }).click();
      await driver.getByRole('button', { name: APPLY_TEXTS.submit }).click();
      await driver.getByText(APPLY_TEXTS.tracking).waitFor();
      return driver;
    };

    // The partner applies for a vehicle; while one is reviewed, the apply page offers another.
    const nextYears = `${new Date().getUTCFullYear() + 2}-06-30`;
    const vehicleApplies = async (registration: string, first: boolean) => {
      await applicant.goto(`${server.url}/vehicle-apply`);
      await applicant.getByRole('button', { name: first ? APPLY_TEXTS.start : APPLY_TEXTS.another, exact: true }).click();
      await applicant.getByRole('textbox', { name: 'Registration' }).fill(registration);
      await applicant.getByRole('textbox', { name: 'Make' }).fill('Toyota');
      await applicant.getByRole('textbox', { name: 'Model' }).fill('Hilux');
      await applicant.getByRole('combobox', { name: 'Vehicle type' }).selectOption({ index: 1 });
      await applicant.getByRole('button', { name: APPLY_TEXTS.save }).click();
      await applicant.getByText(APPLY_TEXTS.documentsHint).waitFor();
      for (const label of ['Vehicle registration', 'Insurance']) {
        const row = applicant.getByRole('group', { name: label });
        await row.getByLabel(`${label} file`).setInputFiles(pdf(`${label}.pdf`));
        await row.getByLabel('Expiry date').fill(nextYears);
        await row.getByRole('button', { name: `${APPLY_TEXTS.upload} ${label.toLowerCase()}` }).click();
        await row.getByText('Not uploaded').waitFor({ state: 'detached' });
      }
      await applicant.getByRole('button', { name: APPLY_TEXTS.save }).click();
      await applicant.getByText(APPLY_TEXTS.terms).click();
      await applicant.getByRole('button', { name: APPLY_TEXTS.save }).click();
      await applicant.getByRole('button', { name: APPLY_TEXTS.submit }).click();
      await applicant.getByText(APPLY_TEXTS.tracking).waitFor();
    };

    // Staff find each under its row (the driver's email, the vehicle's registration) and approve it with its documents.
    const approve = async (list: string, rowText: string, labels: string[]) => {
      await admin.goto(`${server.url}${list}`);
      await admin.getByRole('row').filter({ hasText: rowText }).getByRole('link').first().click();
      const region = admin.getByRole('region', { name: REVIEW_TEXTS.documents });
      for (const label of labels) {
        await region.getByRole('group', { name: label }).getByRole('button', { name: REVIEW_TEXTS.approveDocument }).click();
        await region.getByRole('group', { name: label }).getByText(`${label}: Valid`).waitFor();
      }
      await admin.getByRole('button', { name: REVIEW_TEXTS.approve, exact: true }).click();
      await admin.getByRole('alertdialog').getByRole('button', { name: /^(Yes|Approve)/ }).click();
      await admin.getByRole('button', { name: REVIEW_TEXTS.approve, exact: true }).waitFor({ state: 'detached' });
    };

    const stamp = Date.now();
    const drivers = ['Sipho', 'Thabo', 'Naledi'].map((firstName) => ({ firstName, email: `${firstName.toLowerCase()}${stamp}@example.test` }));
    const registrations = [`CA ${stamp % 1_000_000}`, `CA ${(stamp + 1) % 1_000_000}`];
    let firstDriver: Page | undefined;
    for (const [index, { firstName, email }] of drivers.entries()) {
      const page = await driverApplies(firstName, email, await inviteDriver(firstName, email), index === 0);
      if (index === 0) firstDriver = page;
      else await page.context().close();
    }
    for (const [index, registration] of registrations.entries()) await vehicleApplies(registration, index === 0);
    for (const { email } of drivers) await approve('/driver-applications', email, ['Driving licence', 'Identity document', 'Proof of address']);
    for (const registration of registrations) await approve('/vehicle-applications', registration, ['Vehicle registration', 'Insurance']);

    // The first driver's open page gets the driver's menus live; the partner sees each invite used.
    await expect.poll(async () => mainMenuLinks(firstDriver!), { timeout: 30_000, interval: 2_000 }).toContain('Jobs');
    await applicant.goto(`${server.url}/applicationinvites`);
    for (const { email } of drivers) {
      expect(await applicant.getByRole('row').filter({ hasText: email }).textContent()).toMatch(/Applied \(#\d+\)/);
    }
    await applicant.goto(`${server.url}/vehicle-apply`);
    await applicant.getByText(APPLY_TEXTS.notStarted('Vehicle')).waitFor();

    // Staff see the partner's team under its application: three drivers and two vehicles, all approved.
    await admin.goto(`${server.url}/partner-applications`);
    await admin.getByRole('row').filter({ hasText: company }).getByRole('link').first().click();
    const partnerApplicationId = /\/partner-applications\/edit\/(\d+)/.exec(admin.url())?.[1];
    expect(partnerApplicationId).toBeDefined();
    for (const [list, count] of [['driver-applications', 3], ['vehicle-applications', 2]] as const) {
      await admin.goto(`${server.url}/partner-applications/${partnerApplicationId!}/${list}`);
      const rows = admin.getByRole('row').filter({ hasText: 'Approved' });
      await expect.poll(async () => rows.count(), { timeout: 15_000 }).toBe(count);
    }
  });
});
