import type { FastifyRequest } from 'fastify';
import type { operations } from '../../src/api/generated/connect';
import type { AppContext } from '../context';
import { listProofSettings, saveProofSetting, type ProofContext } from '../domain/proof-of-delivery';
import type { Handlers } from './handler-types';

type ProofOperations = 'getproofofdeliverysettings' | 'saveproofofdeliverysetting';

/** Proof of delivery's settings (issue 20): what a company's drop-offs need per service level. */
export function proofOfDeliveryHandlers({ db }: AppContext): Pick<Handlers<operations>, ProofOperations> {
  const ctx = ({ scope }: FastifyRequest): ProofContext => ({ db, portalId: scope.portal.id, permissions: scope.permissions });
  return {
    async getproofofdeliverysettings(request) {
      return listProofSettings(ctx(request), request.params.companyId);
    },
    async saveproofofdeliverysetting(request) {
      return saveProofSetting(ctx(request), request.params.companyId, request.body);
    },
  };
}
