import type { components } from '../../../generated/uiservices';
import type { FieldError } from '../../validation/fieldErrors';

type Method = components['schemas']['Method'];

const lists = { Input: 'Input field', Output: 'Output field' } as const;
const options: Record<string, string> = { Name: 'Name', Type: 'Type', Max: 'Max length', Default: 'Default' };

/** Where a method's error is, in the panel's words: 'Output field status › Max length'. */
export function describeMethodError(method: Method, error: FieldError): string | undefined {
  const [list, index, ...rest] = error.path.split('/').slice(1);
  if ((list !== 'Input' && list !== 'Output') || !/^\d+$/.test(index ?? '')) return undefined;
  const field = method[list]?.[Number(index)];
  const option = rest.filter((part) => part !== 'Validation').at(-1);
  return [`${lists[list]} ${field?.Name || '(no name)'}`, option ? (options[option] ?? option) : undefined]
    .filter(Boolean)
    .join(' › ');
}
