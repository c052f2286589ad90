import { randomUUID } from 'node:crypto';
import autocannon, { type Request } from 'autocannon';
import type { FlowField, RestMethodFlow } from '../../src/domain/flow/types';
import { flowOf, type Step } from '../../tests/support/flowBuilders';
import { httpCall } from '../../tests/support/serverProcess';
import type { BenchModule } from './types';

/**
 * What issue 30's rows share: a flow published through the console's own call, the demo API user's
 * token, and a flow loaded beside a bare control in turns within the same minutes.
 */

type Context = Parameters<BenchModule['run']>[0];

export const CONNECTIONS = 50;
const ORDERS_API = '5d1e7a92-3c4b-4f0e-8a6d-2b9c0e1f3a02';

/** Publishes START(startFields) → steps → RESULT(outputs by alias) on orders_api, active, as the Flow Builder does. */
export async function publishBenchFlow(
  url: string,
  token: string,
  name: string,
  steps: Step[],
  startFields: FlowField[],
  outputs: string[],
): Promise<void> {
  const built = flowOf(steps, {
    startFields,
    result: { output: outputs.map((output) => ({ Name: output, Alias: output })) },
    newGuid: randomUUID,
  });
  const flow: RestMethodFlow = {
    ...built.flow,
    Guid: randomUUID(),
    VersionGuid: randomUUID(),
    Name: name,
    Api: ORDERS_API,
    IsScript: false,
    IsNew: true,
    IsPublished: true,
    IsActive: true,
  };
  const published = await httpCall(url, 'POST', 'FlowBuilder/PostRestMethodFlow', { token, body: flow });
  if (published.status !== 200)
    throw new Error(`PostRestMethodFlow answered ${published.status} ${JSON.stringify(published.body)}`);
}

/** The demo API user's token (RestApi.GetApiUsers). */
export async function demoApiToken(url: string, token: string): Promise<string> {
  const users = (await httpCall(url, 'GET', 'RestApi/GetApiUsers', { token })).body as Array<{
    Username: string;
    ApiToken: string;
  }>;
  return users.find((user) => user.Username === 'demo-importer')!.ApiToken;
}

/** A GET of `route` with a random id in 1…rows per request, so no answer is the last one's. */
export const byKey = (
  route: string,
  query: boolean,
  rows: number,
  headers: Record<string, string>,
): Request => {
  const path = () => {
    const id = 1 + Math.floor(Math.random() * rows);
    return query ? `${route}?id=${id}` : `${route}/${id}`;
  };
  return { method: 'GET', path: path(), headers, setupRequest: (request) => ({ ...request, path: path() }) };
};

export interface Side {
  url: string;
  request: Request;
}

export interface Measured {
  rate: number;
  answers: number;
  p99: number;
  /** Answers that were not 2xx, and failed requests. */
  other: number;
}

/**
 * The flow and its control loaded in turns within the same minutes (flow, control, control, flow: a
 * quarter of the time each), after a warm-up of each, so a busier moment of the machine weighs on both
 * alike. p99 is the worse of a side's two turns.
 */
export async function beside(context: Context, flow: Side, control: Side) {
  const load = (side: Side, options: { duration?: number; amount?: number }) =>
    autocannon({
      url: side.url,
      connections: CONNECTIONS,
      pipelining: 1,
      timeout: 60,
      requests: [side.request],
      ...options,
    });
  await load(flow, { amount: 20_000 });
  await load(control, { amount: 20_000 });
  const turn = Math.max(1, context.settings.durationSeconds / 2);
  const totals = [flow, control].map(() => ({ answers: 0, seconds: 0, p99: 0, other: 0 }));
  for (const index of [0, 1, 1, 0]) {
    const result = await load(index === 0 ? flow : control, { duration: turn });
    const total = totals[index]!;
    total.answers += result['2xx'];
    total.seconds += result.duration;
    total.p99 = Math.max(total.p99, result.latency.p99);
    total.other += result.non2xx + result.errors;
  }
  const [flowSide, controlSide] = totals.map(
    (total): Measured => ({
      rate: total.answers / total.seconds,
      answers: total.answers,
      p99: total.p99,
      other: total.other,
    }),
  ) as [Measured, Measured];
  const others =
    flowSide.other + controlSide.other ? `, ${flowSide.other} / ${controlSide.other} not 2xx or failed` : '';
  return {
    flow: flowSide,
    control: controlSide,
    load,
    note: `${CONNECTIONS} connections, turns of ${turn} s (flow, control, control, flow); ${flowSide.answers} / ${controlSide.answers} answers${others}`,
  };
}
