/**
 * The series of /metrics that hot paths record into (server/observability/metrics.ts): each label set is
 * made once and kept with its counts, so recording a request finds an object and adds to its numbers,
 * without building labels or hashing them. Every label is bounded: an operationId of the contract, a
 * REST API's and a flow's stored names (as many as administrators make), a status code, an outcome;
 * never an id, a user, a path as called or a query.
 */
export type Labels = Readonly<Record<string, string>>;

/** Upper bounds (seconds) of the latency histograms: 1 ms to 10 s, the flow runtime's default timeout. */
export const SECONDS: readonly number[] = [
  0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
];

/** One series: how many observations, their sum, and how many fell in each bucket (not cumulative). */
export class Cell {
  count = 0;
  sum = 0;
  readonly buckets: number[] = SECONDS.map(() => 0);

  constructor(readonly labels: Labels) {}

  observe(seconds: number): void {
    this.count++;
    this.sum += seconds;
    for (let index = 0; index < SECONDS.length; index++)
      if (seconds <= SECONDS[index]!) {
        this.buckets[index]!++;
        return;
      }
  }
}

/** The series of one histogram, by label set: a request records into the one it is given. */
export class Cells {
  private readonly byKey = new Map<string, Cell>();

  /** The series of `labels`, made at its first use; the same one for equal labels however they were built. */
  cell(labels: Labels): Cell {
    const key = JSON.stringify(Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : 1)));
    let cell = this.byKey.get(key);
    if (!cell) {
      cell = new Cell(labels);
      this.byKey.set(key, cell);
    }
    return cell;
  }

  all(): IterableIterator<Cell> {
    return this.byKey.values();
  }
}

/** Labels shared by a kind of request or flow, completed by one more (status, outcome) per observation. */
export class Series {
  private readonly byValue = new Map<number | string, Cell>();
  private cells: Cells | undefined;

  constructor(
    private readonly base: Labels,
    /** The label whose value each observation adds (status, outcome). */
    private readonly last: string,
  ) {}

  /** The series in `cells` for this value of the last label. */
  cellIn(cells: Cells, value: number | string): Cell {
    // One Series serves one app's metrics; another's (a test process builds several apps) starts over.
    if (this.cells !== cells) {
      this.cells = cells;
      this.byValue.clear();
    }
    let cell = this.byValue.get(value);
    if (!cell) {
      cell = cells.cell({ ...this.base, [this.last]: String(value) });
      this.byValue.set(value, cell);
    }
    return cell;
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
