import { useMemo } from 'react';
import type { components } from '../../../generated/uiservices';
import { connectionRules } from '../../domain/connections/rules';
import { BuilderPage } from '../../engine/builder/BuilderPage';
import { builder } from './builder';
import { useCredentialTypes } from './useCredentialTypes';

type Connection = components['schemas']['Connection'];

/** The Connection Builder: the generic builder page with the rules bound to the credential types. */
export default function ConnectionBuilderPage() {
  const types = useCredentialTypes();
  const declared = useMemo(
    () => ({
      ...builder,
      // With the stored connection: a masked secret whose host, port, user… changed asks to be typed
      // again before any call (issue 29 point 1).
      rules: (connection: Connection, original: Connection | null) =>
        connectionRules(connection, types.data, original),
    }),
    [types.data],
  );
  return <BuilderPage builder={declared} />;
}
