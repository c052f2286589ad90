import { randomUUID } from 'node:crypto';
import type { BenchContext, SeedPlan } from './context';

/** A new connection per call; Type is the first credential type the server offers. */
export const connection = (type: string) => (n: number) => ({
  FlowConnectionGuid: randomUUID(),
  Name: `BenchConnection${n}_${randomUUID().slice(0, 8)}`,
  Type: type,
  IsInternal: false,
  Description: null,
  AvailableModules: [],
});

export async function firstCredentialType(context: BenchContext): Promise<string> {
  const server = await context.server();
  const answer = await fetch(`${server.url}/api/UIServices/Connection/CredentialTypes`, {
    headers: { authorization: `Bearer ${server.token}` },
  });
  if (answer.status !== 200) return 'SqlServer';
  const types = (await answer.json()) as Array<{ Name: string }>;
  return types[0]?.Name ?? 'SqlServer';
}

/**
 * The stored connections every module shares (`context.seed('connections', ...)` runs once per run,
 * so the server and console figures look at the same 10,000).
 */
export async function connectionsPlan(context: BenchContext): Promise<SeedPlan> {
  return {
    path: 'Connection/PostConnection',
    count: context.settings.entities,
    body: connection(await firstCredentialType(context)),
  };
}
