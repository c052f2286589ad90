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
    () => ({ ...builder, rules: (connection: Connection) => connectionRules(connection, types.data) }),
    [types.data],
  );
  return <BuilderPage builder={declared} />;
}
