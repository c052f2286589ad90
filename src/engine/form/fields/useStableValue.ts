import { useRef } from 'react';

/**
 * The same object as last time while the value is equal in content. RJSF hands fields a fresh copy of the
 * form data on every change anywhere in the form; this keeps a big field list from re-rendering its rows
 * when another input of the form changes.
 */
export function useStableValue<T>(value: T): T {
  const last = useRef<{ value: T; json: string } | null>(null);
  if (last.current?.value === value) return value;
  const json = JSON.stringify(value) ?? '';
  if (last.current?.json === json) return last.current.value;
  last.current = { value, json };
  return value;
}
