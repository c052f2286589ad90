import type { components } from '../../../generated/uiservices';
import { callOperation } from '../../api/callOperation';
import { t } from '../../messages/t';
import type { FieldError } from '../../validation/fieldErrors';
import { checkCompilation, compileErrorsOf } from './checkCompilation';

type Script = components['schemas']['Script'];

/**
 * The Script Builder's server checks, part of every validation run (spec part 1 §5 'Script'): the code is
 * sent for a compile check, and a script type, if given, must be one the server offers. Empty code is the
 * schema's error (codeEmpty) and is not sent.
 */
export async function scriptChecks(script: Script): Promise<FieldError[]> {
  const [compiled, types] = await Promise.all([
    script.Script?.trim() ? checkCompilation(script.Script) : Promise.resolve([]),
    script.ScriptType ? callOperation('Script.GetScriptTypes', {}) : Promise.resolve(null),
  ]);
  const errors = compileErrorsOf(compiled);
  if (types && !types.some((type) => type.Key === script.ScriptType)) {
    errors.push({
      path: '/ScriptType',
      messageKey: 'sb.validation.scriptTypeUnknown',
      message: t('sb.validation.scriptTypeUnknown'),
    });
  }
  return errors;
}
