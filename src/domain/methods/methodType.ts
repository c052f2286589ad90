import type { components } from '../../../generated/uiservices';

type Method = components['schemas']['Method'];

/** The method types (spec part 1 §3 'Method': type, default Stored Procedure; script is "the stored-procedure name or query"). */
export const STORED_PROCEDURE = 'Stored Procedure';
export const QUERY = 'Query';

/**
 * Whether a method is a query script rather than a stored procedure (spec part 1 §3 'Method': is_sp).
 * A query's Script is one SQL statement whose parameters are $1, $2, … in the order of its input fields;
 * they are always bound, never written into the text.
 */
export const isQueryMethod = (method: Pick<Method, 'IsSp'>) => method.IsSp === false;

/** The type a method is saved with: its is_sp flag decides. */
export const methodTypeOf = (method: Pick<Method, 'IsSp'>) =>
  isQueryMethod(method) ? QUERY : STORED_PROCEDURE;

/** A query's text as it runs inside another statement (a READ wraps it): without a trailing semicolon. */
export const queryText = (script: string) =>
  script
    .trim()
    .replace(/;+\s*$/, '')
    .trim();
