import { describe, expect, it } from 'vitest';
import { missingProof, NO_PROOF, PROOF_TEXTS, type ProofSettings } from './proof-of-delivery';

const all: ProofSettings = { signature: 'required', photo: 'required', barcode: 'required', code: 'required' };

describe('missingProof (issue 20): what a drop-off lacks, the rule the server refuses with', () => {
  it('asks nothing without settings', () => {
    expect(missingProof(NO_PROOF, {})).toEqual({});
  });

  it('names each required part that is absent', () => {
    expect(Object.keys(missingProof(all, {}, ['P1']))).toEqual(['signature', 'photo', 'barcode', 'code']);
    expect(missingProof(all, { signature: 'sig', photos: ['p'], barcodes: ['P1'], codeMatches: true }, ['P1'])).toEqual({});
  });

  it('optional and off parts are never missing, but a wrong code is refused unless codes are off', () => {
    const optional: ProofSettings = { signature: 'optional', photo: 'optional', barcode: 'optional', code: 'optional' };
    expect(missingProof(optional, {})).toEqual({});
    expect(missingProof(optional, { codeMatches: false })).toEqual({ code: PROOF_TEXTS.codeWrong });
    expect(missingProof({ ...optional, code: 'off' }, { codeMatches: false })).toEqual({});
  });

  it('a required scan needs every parcel barcode on record, and one scan when no parcel has one', () => {
    const scans: ProofSettings = { ...NO_PROOF, barcode: 'required' };
    expect(missingProof(scans, { barcodes: ['P1'] }, ['P1', 'P2'])).toEqual({ barcode: PROOF_TEXTS.barcodeParcels(['P2']) });
    expect(missingProof(scans, { barcodes: [' P2 ', 'P1'] }, ['P1', 'P2'])).toEqual({});
    expect(missingProof(scans, { barcodes: [] }, [])).toEqual({ barcode: PROOF_TEXTS.barcodeRequired });
    expect(missingProof(scans, { barcodes: ['X'] }, [])).toEqual({});
  });
});
