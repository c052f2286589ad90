import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import autocannon, { type Request } from 'autocannon';
import type { FlowField, RestMethodFlow } from '../../src/domain/flow/types';
import { flowOf, type Step } from '../../tests/support/flowBuilders';
import { httpCall } from '../../tests/support/serverProcess';
import { median } from './stats';
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
  /** The server's process, when its CPU time per answer is wanted. */
  pid?: number;
  /** Runs before each of the side's turns, outside its time: two sides of one server set it up so. */
  beforeTurn?: () => Promise<void>;
}

export interface Measured {
  rate: number;
  /** µs of the server's CPU (user + system) per answer in its turns, when its pid is known. */
  cpuPerAnswer?: number;
  answers: number;
  p99: number;
  /** Answers that were not 2xx, and failed requests. */
  other: number;
}

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat. */
function cpuSeconds(pid: number): number {
  // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command's closing parenthesis.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Rounds of four turns (flow, control, control, flow) each comparison runs. */
export const ROUNDS = 5;

/**
 * The flow and its control loaded in turns within the same minutes, after a warm-up of each: ROUNDS
 * rounds of four turns (flow, control, control, flow), each turn a quarter of `durationSeconds`. The
 * share is the median of the rounds' shares, so a busier moment of the machine (these machines are
 * shared: one 5-second turn could move a single comparison by 15%) weighs on one round rather than on
 * the figure; the rates are over all turns. p99 is the median of a side's turns' p99. A side with a
 * pid has its server's CPU time per answer read too, a figure the machine's other work moves less.
 * `afterFlowTurn` runs after each turn of the flow (a scrape, say); `labels` name the sides in the note.
 */
export async function beside(
  context: Context,
  flow: Side,
  control: Side,
  options: { afterFlowTurn?: () => Promise<void>; labels?: [string, string] } = {},
) {
  const { afterFlowTurn, labels = ['flow', 'control'] } = options;
  const load = (side: Side, options: { duration?: number; amount?: number }) =>
    autocannon({
      url: side.url,
      connections: CONNECTIONS,
      pipelining: 1,
      timeout: 60,
      requests: [side.request],
      ...options,
    });
  for (const side of [flow, control]) {
    await side.beforeTurn?.();
    await load(side, { amount: 20_000 });
  }
  const turn = Math.max(1, context.settings.durationSeconds / 4);
  const sides = [flow, control];
  const totals = sides.map(() => ({ answers: 0, seconds: 0, p99s: [] as number[], other: 0, cpu: 0 }));
  const shares: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const inRound = totals.map(() => ({ answers: 0, seconds: 0 }));
    for (const index of [0, 1, 1, 0]) {
      const side = sides[index]!;
      await side.beforeTurn?.();
      const cpuBefore = side.pid ? cpuSeconds(side.pid) : 0;
      const result = await load(side, { duration: turn });
      const total = totals[index]!;
      if (side.pid) total.cpu += cpuSeconds(side.pid) - cpuBefore;
      total.answers += result['2xx'];
      total.seconds += result.duration;
      total.p99s.push(result.latency.p99);
      total.other += result.non2xx + result.errors;
      inRound[index]!.answers += result['2xx'];
      inRound[index]!.seconds += result.duration;
      if (index === 0) await afterFlowTurn?.();
    }
    const [flowRate, controlRate] = inRound.map((side) => side.answers / side.seconds) as [number, number];
    shares.push((flowRate / controlRate) * 100);
  }
  const [flowSide, controlSide] = totals.map(
    (total, index): Measured => ({
      rate: total.answers / total.seconds,
      ...(sides[index]!.pid ? { cpuPerAnswer: (total.cpu / total.answers) * 1e6 } : {}),
      answers: total.answers,
      p99: median(total.p99s),
      other: total.other,
    }),
  ) as [Measured, Measured];
  const others =
    flowSide.other + controlSide.other ? `, ${flowSide.other} / ${controlSide.other} not 2xx or failed` : '';
  const cpu =
    flowSide.cpuPerAnswer && controlSide.cpuPerAnswer
      ? `; server CPU ${flowSide.cpuPerAnswer.toFixed(0)} / ${controlSide.cpuPerAnswer.toFixed(0)} µs an answer (${(((flowSide.cpuPerAnswer - controlSide.cpuPerAnswer) / controlSide.cpuPerAnswer) * 100).toFixed(1)}%)`
      : '';
  return {
    flow: flowSide,
    control: controlSide,
    /** The median of the rounds' shares of the control's rate the flow kept (%), and each round's. */
    share: median(shares),
    shares,
    load,
    note: `${CONNECTIONS} connections, ${ROUNDS} rounds of turns of ${turn} s (${[0, 1, 1, 0].map((index) => labels[index]).join(', ')}); ${flowSide.answers} / ${controlSide.answers} answers${others}; share per round ${shares.map((share) => share.toFixed(1)).join(', ')}%${cpu}`,
  };
}
