import type { ConnectorOperation } from '../types';

/** A ticket number; the demo has no ticket system to keep it. */
export const createTicket: ConnectorOperation = {
  Guid: '7f1c2a40-5b6d-4e8f-9a0b-1c2d3e4f5a21',
  Name: 'CreateTicket',
  Input: [
    { Name: 'title', Type: 'String', Validation: { IsRequired: true, MaxLength: 100 } },
    { Name: 'priority', Type: 'Number' },
  ],
  Output: [{ Name: 'ticketId', Type: 'Guid' }],
  writes: false,
  call: async (_input, { state }) => ({ ticketId: state.newGuid() }),
};
