import type { components } from '../../../generated/uiservices';
import { api, unwrap } from '../../api/client';
import { t } from '../../messages/t';
import type { FieldError } from '../../validation/fieldErrors';

type CompilationError = components['schemas']['CompilationError'];

/**
 * Sends the code for the compile check (Script/CheckCompilation, spec part 1 §7: a plain-text body; the
 * answer is false for success, otherwise the errors).
 */
export async function checkCompilation(source: string): Promise<CompilationError[]> {
  const answer = await unwrap(
    api.POST('/UIServices/Script/CheckCompilation', {
      body: source,
      bodySerializer: (body: string) => body,
      headers: { 'content-type': 'text/plain' },
    }),
  );
  return answer === false || answer === undefined ? [] : answer;
}

/**
 * Each compile error as a validation error of the code field, with its line and column as params so the
 * editor can mark the line (spec part 1 §5 'Script': any returned text becomes an error).
 */
export function compileErrorsOf(errors: readonly CompilationError[]): FieldError[] {
  return errors.map((error) => {
    const params = { line: error.Line, column: error.Column, message: error.Message };
    return {
      path: '/Script',
      messageKey: 'sb.validation.compileError',
      message: t('sb.validation.compileError', params),
      params,
    };
  });
}
