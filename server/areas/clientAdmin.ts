import { can } from '../../src/permissions/entitlements';
import type { Handlers } from '../http/context';
import { forbidden, notFound } from '../http/errors';

/** Client modules and app links (spec part 1 §7 'Shared lookups'). */
const handlers: Handlers = {
  'ClientAdmin.GetClientModules': async ({ db }) =>
    db.query<{ Name: string; Label: string }>(
      'select name as "Name", label as "Label" from client_modules order by sort, name',
    ),

  'ClientAdmin.GetIFrameInfo': async ({ db, query, principal }) => {
    // The frame shows a module's content, so it needs what the module's route needs: Read on it.
    if (!can(principal, query.Name, 'Read')) throw forbidden();
    const [link] = await db.query<{ Name: string; Url: string }>(
      'select name as "Name", url as "Url" from app_links where lower(name) = lower($1)',
      [query.Name],
    );
    if (!link) throw notFound('notFound.module');
    return link;
  },

  'ClientAdmin.GetAppLinks': async ({ db }) =>
    db.query<{ Name: string; Url: string }>(
      'select name as "Name", url as "Url" from app_links order by name',
    ),
};

export default handlers;
