import type { ConnectorKind } from '../types';

/** An HTTP service with an API key (spec part 1 §3 'Connection'); its operations are issue 30 point 3. */
export const restApi: ConnectorKind = {
  name: 'REST API',
  description: 'An HTTP service with an API key.',
  settings: {
    type: 'object',
    properties: {
      BaseUrl: {
        type: 'string',
        format: 'uri',
        description: 'e.g. https://api.example.com/v1',
        maxLength: 2000,
        'x-binds-secrets': true,
      },
      ApiKey: { type: 'string', format: 'password', writeOnly: true },
    },
    required: ['BaseUrl', 'ApiKey'],
  },
};
