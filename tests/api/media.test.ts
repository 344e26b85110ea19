import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAccessTokenClaims } from '../../server/auth/tokens';
import { seedContent } from '../../server/db/seed-content';
import { demoAvatar, demoDeliveryPicture, encodePng, measureImage } from '../../server/domain/media-image';
import { decideOperationAccess, OPERATION_ACCESS } from '../../src/lib/access';
import { CONTENT_TEXTS } from '../../src/lib/content-texts';
import type { SeededLogin } from '../support/seeded-users';
import { bearer, dataOf, inZa, startTestServer, ZA, type ListQuery, type TestServer } from './support';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

const ROLE_USERS: SeededLogin[] = ['administrator', 'management', 'staff', 'company.admin', 'store.admin', 'driver', 'customer'];

const staff = () => server.as('staff').connect;
const list = (query: ListQuery<'/media/{cca2}'>, cca2 = 'za') => dataOf(staff().GET('/media/{cca2}', { params: { path: { cca2 }, query } }));

describe('media: access by role from the shared table', () => {
  it.each(ROLE_USERS)('%s', async (login) => {
    const user = server.as(login);
    const { permissions } = await verifyAccessTokenClaims(server.keys, await user.token());
    const expected = (operation: keyof typeof OPERATION_ACCESS) => (decideOperationAccess(OPERATION_ACCESS[operation], permissions) === 'allowed' ? 200 : 403);
    const [item] = (await list({ kind: 'deliveryPicture' })).items;
    expect((await user.connect.GET('/media/{cca2}', { params: { path: ZA, query: { kind: 'deliveryPicture' } } })).response.status).toBe(expected('getmedia'));
    expect((await user.connect.GET('/media/{cca2}/{id}', { params: inZa(item!.id) })).response.status).toBe(expected('getmediaitem'));
  });
});

describe('media: lists with aiScore, filters, sort and paging', () => {
  it('the seeded delivery pictures, signatures and profile pictures, each with an honest aiScore', async () => {
    const pictures = await list({ kind: 'deliveryPicture', sortby: 'id' });
    expect(pictures.paging.totalItems).toBe(8);
    for (const item of pictures.items) {
      expect(item.kind).toBe('deliveryPicture');
      expect(item.waybill).toMatch(/^WBL/);
      expect(item.width).toBe(320);
      expect(item.aiScore).toBeGreaterThanOrEqual(0);
      expect(item.aiScore).toBeLessThanOrEqual(100);
    }
    // The seed's sharp pictures (blur 0) score above its blurred ones (blur 4).
    const scores = pictures.items.map((item) => item.aiScore!);
    expect(scores[0]).toBeGreaterThan(scores[5]!);
    expect((await list({ kind: 'deliverySignature' })).paging.totalItems).toBe(8);
    expect((await list({ kind: 'profilePicture' })).paging.totalItems).toBeGreaterThanOrEqual(3);
  });

  it('seeding again adds nothing (the seed is idempotent)', async () => {
    const kinds = ['deliveryPicture', 'deliverySignature', 'profilePicture'] as const;
    const before = await Promise.all(kinds.map(async (kind) => (await list({ kind })).paging.totalItems));
    await seedContent(server.database.db);
    const after = await Promise.all(kinds.map(async (kind) => (await list({ kind })).paging.totalItems));
    expect(after).toEqual(before);
    const announcements = await dataOf(staff().GET('/announcements/{cca2}', { params: { path: ZA } }));
    expect(announcements.paging.totalItems).toBe(3);
  });

  it('filters by deliveryId, appuserid, aiScore range and created dates; sorts by aiScore; clamps the page size', async () => {
    const all = await list({ kind: 'deliveryPicture', sortby: 'id' });
    const first = all.items[0]!;
    const byDelivery = await list({ kind: 'deliverySignature', deliveryId: first.deliveryId! });
    expect(byDelivery.items.map((item) => item.deliveryId)).toEqual([first.deliveryId]);
    expect((await list({ kind: 'deliveryPicture', appuserid: first.appUserId! })).paging.totalItems).toBe(8);
    const good = await list({ kind: 'deliveryPicture', minAiScore: 80 });
    expect(good.items.every((item) => item.aiScore! >= 80)).toBe(true);
    expect(good.paging.totalItems).toBeLessThan(8);
    const sorted = await list({ kind: 'deliveryPicture', sortby: 'aiScore', sortdirection: 'desc' });
    const sortedScores = sorted.items.map((item) => item.aiScore!);
    expect(sortedScores).toEqual([...sortedScores].sort((a, b) => b - a));
    const day = first.createdAt.slice(0, 10);
    const onDay = await list({ kind: 'deliveryPicture', startDate: '2000-01-01', endDate: '2000-01-02' });
    expect(onDay.paging.totalItems).toBe(0);
    expect((await list({ kind: 'deliveryPicture', startDate: day })).paging.totalItems).toBeGreaterThan(0);
    expect((await list({ kind: 'deliveryPicture', pageSize: 5000 })).paging.pageSize).toBe(500);
  });

  // Unknown sorts and filters: list-validation.test.ts.
  it('bad input names the field: kind, dates, aiScore bounds', async () => {
    const cases: Array<[string, string]> = [
      ['', 'kind'],
      ['kind=video', 'kind'],
      ['kind=deliveryPicture&startDate=yesterday', 'startDate'],
      ['kind=deliveryPicture&startDate=2026-02-10&endDate=2026-02-01', 'endDate'],
      ['kind=deliveryPicture&minAiScore=101', 'minAiScore'],
      ['kind=deliveryPicture&minAiScore=60&maxAiScore=20', 'maxAiScore'],
    ];
    // Queries the contract refuses, sent as written.
    for (const [query, field] of cases) {
      const { status, body } = await server.raw('staff', 'GET', `/media/za?${query}`);
      expect(status, query).toBe(400);
      expect(body.errors, query).toHaveProperty(field);
    }
  });
});

describe('media: images behind signed URLs', () => {
  it('serves the image of a fresh imageUrl, and refuses another item\'s token, a forged token and another portal', async () => {
    const [a, b] = (await list({ kind: 'deliverySignature', sortby: 'id' })).items;
    const image = await fetch(`${server.url}${a!.imageUrl}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await image.arrayBuffer());
    expect(measureImage(bytes).aiScore).toBe(a!.aiScore);

    const tokenOfB = new URL(b!.imageUrl, server.url).searchParams.get('token');
    const swapped = await fetch(`${server.url}/connect/media/image/za/${a!.id}?token=${tokenOfB}`);
    expect(swapped.status).toBe(401);
    expect((await swapped.json()).message).toBe(CONTENT_TEXTS.imageLinkExpired);
    expect((await fetch(`${server.url}/connect/media/image/za/${a!.id}?token=forged`)).status).toBe(401);
    expect((await fetch(`${server.url}/connect/media/image/na/${a!.id}?token=${new URL(a!.imageUrl, server.url).searchParams.get('token')}`)).status).toBe(401);
    expect((await fetch(`${server.url}/connect/media/image/za/${a!.id}`)).status).toBe(400);
  });

  it('scope is the portal: a ZA item is 404 through another portal and absent from its lists', async () => {
    const [item] = (await list({ kind: 'deliveryPicture' })).items;
    expect((await staff().GET('/media/{cca2}/{id}', { params: { path: { cca2: 'na', id: item!.id } } })).response.status).toBe(404);
    expect((await list({ kind: 'deliveryPicture' }, 'na')).paging.totalItems).toBe(0);
  });

  it('an uploaded profile picture appears with its measures and replaces the user\'s previous one', async () => {
    // A multipart upload: a plain fetch with the customer's token.
    const token = await server.as('customer').token();
    const upload = async (png: Buffer) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
      return fetch(`${server.url}/connect/users/za/uploadProfilePicture`, { method: 'POST', body: form, headers: bearer(token) });
    };
    const { permissions } = await verifyAccessTokenClaims(server.keys, token);
    expect((await upload(demoAvatar(9))).status).toBe(204);
    const mine = () => list({ kind: 'profilePicture', appuserid: permissions.id });
    const firstUpload = (await mine()).items;
    expect(firstUpload).toHaveLength(1);
    expect(firstUpload[0]).toMatchObject({ width: 200, aiScore: measureImage(demoAvatar(9)).aiScore });
    // A flat grey picture: no contrast, no detail → a low score.
    const flat = encodePng(300, 300, new Uint8Array(300 * 300 * 3).fill(128));
    expect((await upload(flat)).status).toBe(204);
    const replaced = (await mine()).items;
    expect(replaced).toHaveLength(1);
    expect(replaced[0]!.aiScore).toBe(20);
    expect(replaced[0]!.aiScore).toBeLessThan(measureImage(demoDeliveryPicture(1, 0)).aiScore!);
  });
});
