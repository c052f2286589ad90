import type { ConnectorKind } from '../types';
import { DEFAULT_KEY_HEADER, DEFAULT_KEY_PREFIX } from './keyHeader';
import { restOperations } from './operations';
import { testRestApi } from './testConnection';

/**
 * An HTTP service with an API key (spec part 1 §3 'Connection'), and the operations its connections
 * declare or import from an OpenAPI description (issue 30 point 3), which the EXTERNAL block calls.
 */
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
      // Binds the key: another header is another place it goes (a header the API logs, or one a proxy
      // in front forwards elsewhere), so changing it asks for the key again (issue 29 point 1).
      KeyHeader: {
        type: 'string',
        description: 'The header the key is sent in.',
        default: DEFAULT_KEY_HEADER,
        maxLength: 100,
        pattern: "^[A-Za-z0-9!#$%&'*+.^_`|~-]+$",
        'x-binds-secrets': true,
        'x-ignore-case': true,
      },
      KeyPrefix: {
        type: 'string',
        description:
          'Written before the key, e.g. "Bearer " (the default in Authorization; none in other headers).',
        default: DEFAULT_KEY_PREFIX,
        maxLength: 100,
        pattern: '^[^\\r\\n]*$',
      },
    },
    required: ['BaseUrl', 'ApiKey'],
  },
  declaresOperations: true,
  test: (settings, services) => testRestApi(settings, services),
  connectionOperations: (connection) => restOperations(restApi, connection),
};
