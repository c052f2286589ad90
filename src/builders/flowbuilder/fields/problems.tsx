import type { FieldError } from '../../../validation/fieldErrors';

/** Messages of the errors at a path of a field's own value (`/0/Rules/1/Field`), exactly or below it. */
export function messagesIn(
  errors: readonly FieldError[],
  path: string,
  options: { below?: boolean } = {},
): string[] {
  return errors
    .filter((error) => error.path === path || (options.below === true && error.path.startsWith(`${path}/`)))
    .map((error) => error.message);
}

/** Inline messages under an input. */
export function Problems({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <p className="field__error" role="alert">
      {[...new Set(messages)].join(' ')}
    </p>
  );
}

/** What the flow validation will report for a block, listed in its drawer without blocking Save. */
export function BlockHints({ errors }: { errors: readonly FieldError[] }) {
  if (errors.length === 0) return null;
  return (
    <div className="flow-hints" role="note" aria-label="Problems validation will report">
      <p className="flow-hints__title">Validation will report:</p>
      <ul>
        {[...new Set(errors.map((error) => error.message))].map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </div>
  );
}
