import type { Db } from '../../server/db/database';
import { FlowStore } from '../../server/flows/flowStore';
import type { RestMethodFlow } from '../../src/domain/flow/types';

/**
 * Saves `flow` as a test's own and publishes it active, as the Flow Builder's publish leaves a flow: the
 * next /rest call runs it.
 */
export const publishFlow = (db: Db, flow: RestMethodFlow) =>
  new FlowStore(db).save(flow, { by: 'test', now: Date.now() / 1000, publish: true, enable: true });
