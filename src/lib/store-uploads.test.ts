import { describe, expect, it } from 'vitest';
import { mapStoreSheetHeader, storeUploadFromCells, validateStoreUpload } from './store-uploads';

const HEADER = ['Store Id', 'Store name', 'Company Id', 'Contact name', 'Phone number', 'Email', 'Address', 'Active', 'QSR mode'];
const read = (cells: string[]) => storeUploadFromCells(cells, mapStoreSheetHeader(HEADER).columns);

describe('store sheets', () => {
  it('maps the header without case or punctuation and names the required columns it lacks', () => {
    expect(mapStoreSheetHeader(['STORE NAME', 'address', 'e-mail']).missing).toEqual([]);
    expect(mapStoreSheetHeader(['Contact']).missing).toEqual(['Store name', 'Address']);
    expect(mapStoreSheetHeader(['Store_Id', 'Store name', 'Address']).columns).toEqual({ storeId: 0, storeName: 1, address: 2 });
  });

  it('reads a new store and an update of an existing one', () => {
    expect(read(['', 'Acme Bellville', '3', 'Thandi Nkosi', '+27821234567', 'bellville@acme.test', '1 Voortrekker Rd, Bellville', 'yes', 'no'])).toEqual({
      values: { storeId: null, storeName: 'Acme Bellville', companyId: 3, contactName: 'Thandi Nkosi', phoneNumber: '+27821234567', email: 'bellville@acme.test',
        address: '1 Voortrekker Rd, Bellville', unitName: null, unitNumber: null, isActive: true, qsrMode: false },
      errors: {},
    });
    // An update needs no company (a store keeps its company).
    expect(read(['12', 'Acme Sea Point', '', '', '', '', 'Main Rd, Sea Point', '', 'Y']).errors).toEqual({});
  });

  it('puts every error under the field it names, in the store form\'s words', () => {
    const { errors } = read(['x', '', '', '', '12', 'not-an-email', '', 'maybe', '']);
    expect(errors).toEqual({
      storeId: ["Store Id 'x' is not valid"],
      storeName: ['Store name is required'],
      address: ['Address is required'],
      companyId: ['Company Id is required for a new store'],
      phoneNumber: ['Phone number is not valid'],
      email: ['Email address is not valid'],
      isActive: ["Active 'maybe' is not valid"],
    });
    expect(read(['', 'a'.repeat(201), '3', '', '', '', 'Somewhere', '', '']).errors).toEqual({ storeName: ['Store name must be at most 200 characters'] });
  });

  it('checks edited values with the same rules', () => {
    const values = read(['', 'Acme Bellville', '3', '', '', '', 'Bellville', '', '']).values;
    expect(validateStoreUpload(values)).toEqual({});
    expect(validateStoreUpload({ ...values, address: null, companyId: null })).toEqual({ address: ['Address is required'], companyId: ['Company Id is required for a new store'] });
  });
});
