import type { FlowGraph, HttpMethod } from '../../src/domain/flow/types';
import { describeRestApi, type OpenApiDocument } from '../../src/domain/openapi/describeRestApi';
import type { Db } from '../db/database';

/**
 * A REST API's OpenAPI document (issue 31 point 1) as what answers under it: its published body and the
 * live version of each active flow, read as the runtime's index reads them (server/runtime/serve.ts).
 * The runtime answers it at /rest/<name>/openapi.json; the console's API reference asks for it with
 * RestApi/GetRestApiDescription. Null for a REST API never published.
 */
export async function restApiDescription(db: Db, apiGuid: string): Promise<OpenApiDocument | null> {
  const [api] = await db.query<{ name: string; body: Record<string, unknown> }>(
    "select name, published as body from items where kind = 'restApi' and published is not null and guid::text = lower($1)",
    [apiGuid],
  );
  if (!api) return null;
  const flows = await db.query<{
    name: string;
    http_method: HttpMethod;
    description: string | null;
    version: number;
    graph: FlowGraph;
    is_script: boolean;
  }>(
    `select f.name, f.http_method, f.description, v.version, v.graph, f.is_script
       from flows f join flow_versions v on v.flow_guid = f.guid and v.is_published and v.archived is null
      where f.is_active and f.api_guid::text = lower($1)`,
    [apiGuid],
  );
  return describeRestApi(
    {
      Name: api.name,
      Description: typeof api.body.Description === 'string' ? api.body.Description : null,
      ApiAuthentication: String(api.body.ApiAuthentication ?? 'ApiToken'),
    },
    flows.map((flow) => ({
      name: flow.name,
      method: flow.http_method,
      description: flow.description,
      version: flow.version,
      graph: flow.graph,
      isScript: flow.is_script,
    })),
  );
}
