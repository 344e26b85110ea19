import type { operations } from '../../src/api/generated/connect';
import { companyActiveRates, createRate, getRate, listRates, updateRate } from '../domain/rates';
import type { AppContext } from '../context';
import { answer } from '../http/export';
import type { Handlers } from './handler-types';

type RateOperations = 'getrates' | 'getrate' | 'createrate' | 'updaterate' | 'getcompanyactiverates';

/** Rates (issue 16; 000 section 2, 002 sections 3 and 9). */
export function ratesHandlers(context: AppContext): Pick<Handlers<operations>, RateOperations> {
  const { db } = context;
  return {
    async getrates(request, reply) {
      return answer(reply, await listRates(db, request.scope.portal, request.query));
    },
    async getrate(request) {
      return getRate(db, request.scope.portal, request.params.id);
    },
    async createrate(request, reply) {
      const created = await createRate(db, request.scope.portal, request.body);
      reply.code(201);
      return created;
    },
    async updaterate(request) {
      return updateRate(db, request.scope.portal, request.params.id, request.body);
    },
    async getcompanyactiverates(request) {
      return companyActiveRates(db, request.scope.portal, request.params.companyId);
    },
  };
}
