import type { WidgetProps } from '@rjsf/utils';
import { type Choice, ChoiceSelect } from './ChoiceSelect';

export type { Choice } from './ChoiceSelect';

/**
 * A select whose options a derived UI schema gives in `ui:options.choices` (lists that depend on other
 * values of the form, e.g. the default types a field type permits).
 */
export function ChoiceWidget(props: WidgetProps) {
  return (
    <ChoiceSelect
      props={props}
      choices={(props.options.choices as Choice[] | undefined) ?? []}
      placeholder={props.options.placeholder as string | undefined}
    />
  );
}
