/**
 * The label sets of /metrics (server/observability/metrics.ts), each made once and kept: a request
 * records itself with an object it finds, not one it builds. Every label is bounded: an operationId of
 * the contract, a REST API's and a flow's stored names (as many as administrators make), a status code,
 * an outcome; never an id, a user, a path as called or a query.
 */
export type Labels = Readonly<Record<string, string>>;

export class Series {
  private readonly byValue = new Map<number | string, Labels>();

  constructor(
    private readonly base: Labels,
    /** The label whose value each observation adds (status, outcome). */
    private readonly last: string,
  ) {}

  labels(value: number | string): Labels {
    let labels = this.byValue.get(value);
    if (!labels) {
      labels = { ...this.base, [this.last]: String(value) };
      this.byValue.set(value, labels);
    }
    return labels;
  }
}

/** What a flow call is labelled with: its REST API and flow, as stored (not as the caller spelled them). */
export class FlowSeries {
  /** http_requests_total and http_request_duration_seconds{operation="rest", rest_api, flow, status}. */
  readonly http: Series;
  /** flow_executions_total and flow_execution_duration_seconds{rest_api, flow, outcome}. */
  readonly executions: Series;

  constructor(restApi: string, flow: string) {
    this.http = new Series({ operation: 'rest', rest_api: restApi, flow }, 'status');
    this.executions = new Series({ rest_api: restApi, flow }, 'outcome');
  }
}

/** The label of whatever has no name to give: a REST API or flow nobody made, a call refused before its flow was known. */
export const UNKNOWN = 'unknown';
export const unknownFlow = new FlowSeries(UNKNOWN, UNKNOWN);

/**
 * A flow call's outcome: ok (below 400), error (an ERROR block ended it), timeout (504), failed (any
 * other 5xx), refused (any other 4xx: input, credentials, rate limit, a conflict).
 */
export function flowOutcome(status: number, errorCode: string | undefined): string {
  if (status < 400) return 'ok';
  if (errorCode !== undefined) return 'error';
  if (status === 504) return 'timeout';
  return status >= 500 ? 'failed' : 'refused';
}
