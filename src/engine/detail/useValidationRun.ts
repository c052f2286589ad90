import { useCallback, useRef, useState } from 'react';
import type { FieldError } from '../../validation/fieldErrors';

/** The validation button's states (spec part 1 §4: requires validation, validating, validated). */
export type ValidationStatus = 'required' | 'running' | 'valid' | 'invalid';

/** Validation starts after this delay (spec part 1 §9, part 2 §9). */
export const VALIDATION_DELAY_MS = 1;

/**
 * A validation run exactly as specified (spec part 1 §4 'Item life cycle'): errors are cleared, the run
 * starts after 1 ms, each error is added to the list, then the run finishes; valid only with no errors.
 * Any edit sets the status back to 'required' (`invalidate`).
 */
export function useValidationRun(validate: () => FieldError[] | Promise<FieldError[]>) {
  const [status, setStatus] = useState<ValidationStatus>('required');
  const [errors, setErrors] = useState<FieldError[]>([]);
  const generation = useRef(0);

  const run = useCallback(async () => {
    const current = ++generation.current;
    setErrors([]);
    setStatus('running');
    await new Promise((resolve) => setTimeout(resolve, VALIDATION_DELAY_MS));
    const found = await validate();
    if (current !== generation.current) return found;
    const collected: FieldError[] = [];
    for (const error of found) collected.push(error);
    setErrors(collected);
    setStatus(collected.length === 0 ? 'valid' : 'invalid');
    return collected;
  }, [validate]);

  const invalidate = useCallback(() => {
    generation.current++;
    setStatus('required');
  }, []);

  const clear = useCallback(() => {
    generation.current++;
    setErrors([]);
    setStatus('required');
  }, []);

  return { status, errors, run, invalidate, clear, setErrors };
}
