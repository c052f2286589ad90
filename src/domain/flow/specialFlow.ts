import type { RestMethodFlow } from './types';

/**
 * Special flows — script flows, and PUT or DELETE flows — need the special permissions to edit or delete
 * (spec part 2 §4 'Special flows', §6 FlowBuilder: Upsert special flow, Delete special flow).
 */
export const isSpecialFlow = (flow: Pick<RestMethodFlow, 'IsScript' | 'HttpMethod'>) =>
  flow.IsScript === true || flow.HttpMethod === 'PUT' || flow.HttpMethod === 'DELETE';

/** A version is editable only when not published and not archived (spec part 2 §4). */
export const isVersionEditable = (flow: Pick<RestMethodFlow, 'IsPublished' | 'Archived' | 'Status'>) =>
  flow.IsPublished !== true && !flow.Archived && (flow.Status === undefined || flow.Status === 'draft');
