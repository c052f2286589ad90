import type { RunState } from './state';

/**
 * What the external connector methods do on this server (spec part 2 §3 'Other': external connector
 * method with input and output fields; FlowBuilder.GetExternalConnectors lists them). Every connector the
 * demo seeds has one; a connector without one makes its flow answer 501 (server/runtime/compile.ts).
 * A connector that changes something writes in the call's transaction, so an error block undoes it too.
 */
export interface ConnectorImplementation {
  /** Whether it writes: a plan with such a connector runs in a transaction. */
  writes: boolean;
  call(input: Readonly<Record<string, unknown>>, state: RunState): Promise<Record<string, unknown>>;
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

export const connectorImplementations: Record<string, ConnectorImplementation> = {
  /** A mail into the outbox table (where the server's own mail lands; server/mail/mailer.ts). */
  SendMail: {
    writes: true,
    async call(input, state) {
      const messageId = state.newGuid();
      await state.db.query('insert into outbox (recipient, subject, body, link) values ($1, $2, $3, $4)', [
        text(input.to),
        text(input.subject),
        text(input.body),
        `flow-message:${messageId}`,
      ]);
      return { messageId };
    },
  },
  /** A ticket number; the demo has no ticket system to keep it. */
  CreateTicket: {
    writes: false,
    call: async (_input, state) => ({ ticketId: state.newGuid() }),
  },
};

export function connectorImplementation(
  name: string | null | undefined,
): ConnectorImplementation | undefined {
  if (!name) return undefined;
  const key = Object.keys(connectorImplementations).find(
    (entry) => entry.toLowerCase() === name.toLowerCase(),
  );
  return key ? connectorImplementations[key] : undefined;
}
