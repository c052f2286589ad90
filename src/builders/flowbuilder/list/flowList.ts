import { newFlowGraph } from '../../../domain/flow/graph';
import type { HttpMethod, RestMethodFlow } from '../../../domain/flow/types';
import { cleanName, nameError } from '../../../domain/rules/names';
import { t } from '../../../messages/t';
import type { FieldError } from '../../../validation/fieldErrors';

/** The welcome list's status filter (spec part 2 §2 'Flow Builder': all, active, published). */
export const statusFilters = ['all', 'active', 'published'] as const;
export type StatusFilter = (typeof statusFilters)[number];

export const isStatusFilter = (value: string | null): value is StatusFilter =>
  statusFilters.includes(value as StatusFilter);

/**
 * Rows of the welcome list under its two filters: a REST API (its guid; empty for all) and a status —
 * 'active' keeps enabled flows, 'published' keeps flows with a live published version.
 */
export function filterFlows(
  flows: readonly RestMethodFlow[],
  filter: { api?: string | null; status?: StatusFilter },
): RestMethodFlow[] {
  return flows.filter((flow) => {
    if (filter.api && flow.Api !== filter.api) return false;
    if (filter.status === 'active') return flow.IsActive === true;
    if (filter.status === 'published') return flow.IsPublished === true;
    return true;
  });
}

/** The methods a flow may answer (spec part 2 §2 'Create flow asks for method'). */
export const httpMethods: readonly HttpMethod[] = ['POST', 'GET', 'PUT', 'DELETE'];

export interface NewFlowRequest {
  method: HttpMethod;
  name: string;
  isScript: boolean;
  api: string;
  apiName?: string | null;
}

/**
 * A new flow (spec part 2 §3 'Flow': a new guid and version guid, is_new true, inactive; §4 'New flow':
 * START → RESULT → CLOSE, a script flow also CONFIG and full output).
 */
export function newFlow(
  request: NewFlowRequest,
  newGuid: () => string = () => crypto.randomUUID(),
): RestMethodFlow {
  return {
    Guid: newGuid(),
    VersionGuid: newGuid(),
    Name: request.name,
    HttpMethod: request.method,
    Api: request.api,
    ApiName: request.apiName ?? null,
    IsScript: request.isScript,
    IsNew: true,
    IsActive: false,
    IsPublished: false,
    Status: 'draft',
    Flow: newFlowGraph({ isScript: request.isScript, newGuid }),
  };
}

const nameKeys = { empty: 'fb.flowErrors.flowNameEmpty', short: 'fb.flowErrors.flowNameIsShort' } as const;

const problem = (path: string, messageKey: string): FieldError => ({
  path,
  messageKey,
  message: t(messageKey),
});

/** The request's own errors (spec part 2 §5 'Names': flow name; a flow belongs to a REST API). */
export function newFlowErrors(request: NewFlowRequest): FieldError[] {
  const errors: FieldError[] = [];
  const name = cleanName('flow', request.name);
  const broken = nameError(name, nameKeys);
  if (broken) errors.push(problem('/Name', broken));
  else if (name !== request.name) errors.push(problem('/Name', 'fb.flowErrors.flowNameInvalid'));
  if (!request.api) errors.push(problem('/Api', 'fb.flowErrors.apiNotChosen'));
  return errors;
}
