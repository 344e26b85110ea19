import type { operations } from '../../src/api/generated/connect';
import type { AppContext } from '../context';
import { listIndexes, queueIndexMaintenance } from '../domain/index-management';
import type { Handlers } from './handler-types';

/** Index management (issue 16): the indexes, and their analyze or rebuild queued (202). */
export function indexManagementHandlers(context: AppContext): Pick<Handlers<operations>, 'getindexes' | 'maintainindex'> {
  const { db, jobs } = context;
  return {
    async getindexes() {
      return listIndexes(db);
    },
    async maintainindex(request, reply) {
      const queued = await queueIndexMaintenance(db, jobs, { indexName: request.params.indexName, action: request.params.action });
      reply.code(202);
      return queued;
    },
  };
}
