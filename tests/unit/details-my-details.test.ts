import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { canUseMyDetails, detailsMachine } from '../../src/machines/booking/details.machine';
import { sampleCustomer } from '../../src/machines/booking/booking.samples-data';
import { storePickUp } from '../../src/machines/booking/details.samples';

// 001 section 2: "A 'my details' checkbox fills name, phone, building and unit from the user (or from the store when
// a store is set); unchecking clears them. The checkbox is unusable unless the user's phone number is confirmed or a
// store is set."
const unconfirmed = { ...sampleCustomer, permissions: { ...sampleCustomer.permissions, phoneNumberConfirmed: false } };

describe("'my details' on the contact step", () => {
  it('copies the store on that side of the delivery, usable without a confirmed phone; the other side stays locked', () => {
    const actor = createActor(detailsMachine, { input: { quote: storePickUp, viewer: unconfirmed } }).start();
    expect(canUseMyDetails(actor.getSnapshot().context, 'origin')).toBe(true);
    expect(canUseMyDetails(actor.getSnapshot().context, 'destination')).toBe(false);
    // The origin defaults to 'same as user' where it may (001 section 3): the store's contact, not the customer's.
    expect(actor.getSnapshot().context.origin).toMatchObject({ contactName: 'Sea Point front desk', phoneNumber: '(021) 555-0101', sameAsUser: true });
    actor.send({ type: 'details.myDetails', side: 'origin', checked: false });
    expect(actor.getSnapshot().context.origin).toMatchObject({ contactName: '', phoneNumber: '', sameAsUser: false });
    actor.send({ type: 'details.myDetails', side: 'origin', checked: true });
    expect(actor.getSnapshot().context.origin.contactName).toBe('Sea Point front desk');
  });

  it("copies the user's own details where no store is set, and only with a confirmed phone", () => {
    const confirmed = createActor(detailsMachine, { input: { quote: { ...storePickUp, originStoreId: null, originStore: null }, viewer: sampleCustomer } }).start();
    expect(confirmed.getSnapshot().context.origin).toMatchObject({ contactName: 'Thandi Nkosi', sameAsUser: true });
    const locked = createActor(detailsMachine, { input: { quote: { ...storePickUp, originStoreId: null, originStore: null }, viewer: unconfirmed } }).start();
    expect(canUseMyDetails(locked.getSnapshot().context, 'origin')).toBe(false);
    locked.send({ type: 'details.myDetails', side: 'origin', checked: true });
    expect(locked.getSnapshot().context.origin.sameAsUser).toBe(false);
  });
});
