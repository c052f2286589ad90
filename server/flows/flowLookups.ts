import type {
  DefaultValueType,
  FlowAction,
  FlowFunction,
  FlowLookups,
  RestMethodFlow,
} from '../../src/domain/flow/types';
import { externalConnectors } from '../connectors';
import type { Db } from '../db/database';
import { actionByGuid } from './flowActions';

interface FunctionRow {
  guid: string;
  name: string;
  description: string | null;
  conn_guid: string | null;
  conn_name: string | null;
  input: FlowFunction['Input'];
  output_type: string;
}

const toFunction = (row: FunctionRow): FlowFunction => ({
  Guid: row.guid,
  Name: row.name,
  Description: row.description,
  FlowConnectionGuid: row.conn_guid,
  ConnectionName: row.conn_name,
  Input: row.input ?? [],
  Output: { Type: row.output_type },
});

const functionColumns =
  'guid::text as guid, name, description, conn_guid::text as conn_guid, conn_name, input, output_type';

/** Functions usable as field defaults (spec part 2 §7 GetFunctions). */
export async function flowFunctions(db: Db): Promise<FlowFunction[]> {
  return (
    await db.query<FunctionRow>(`select ${functionColumns} from flow_functions order by lower(name)`)
  ).map(toFunction);
}

export async function defaultValueTypes(db: Db): Promise<DefaultValueType[]> {
  const [row] = await db.query<{ items: DefaultValueType[] }>(
    "select items from settings where name = 'DefaultValueTypes'",
  );
  return row?.items ?? [];
}

/**
 * What the block rules need to check a flow on the server, read from the same data the console's
 * lookups show: the actions its read and write blocks refer to, the connectors, the functions and the
 * default value types. Function lists are a shared lookup this server does not hold yet, so the
 * list-dependent start-field checks are skipped (the console skips them the same way).
 */
export async function flowLookups(db: Db, flow: RestMethodFlow): Promise<FlowLookups> {
  const actionGuids = new Set(
    (flow.Flow?.Blocks ?? []).flatMap((block) =>
      block.Config?.Action?.Guid ? [block.Config.Action.Guid] : [],
    ),
  );
  const actions = (await Promise.all([...actionGuids].map((guid) => actionByGuid(db, guid)))).filter(
    (action): action is FlowAction => action !== undefined,
  );
  const [connectors, functions, defaults] = await Promise.all([
    externalConnectors(db),
    flowFunctions(db),
    defaultValueTypes(db),
  ]);
  return {
    actions: new Map(actions.map((action) => [action.Guid, action])),
    connectors: new Map(connectors.map((connector) => [connector.Guid, connector])),
    functions: new Map(functions.map((fn) => [fn.Guid, fn])),
    defaultValueTypes: defaults,
  };
}
