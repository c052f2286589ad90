import type { WidgetProps } from '@rjsf/utils';

/**
 * Source code: a monospace editor that keeps tabs. (The Script Builder swaps in a highlighting editor
 * through the widget registry.)
 */
export function CodeWidget({
  id,
  value,
  disabled,
  readonly,
  onChange,
  onBlur,
  onFocus,
  options,
  rawErrors,
}: WidgetProps) {
  return (
    <textarea
      id={id}
      className="field__textarea field__textarea--code"
      spellCheck={false}
      rows={typeof options.rows === 'number' ? options.rows : 12}
      value={value ?? ''}
      disabled={disabled}
      readOnly={readonly}
      aria-invalid={(rawErrors?.length ?? 0) > 0 ? true : undefined}
      onKeyDown={(event) => {
        if (event.key !== 'Tab' || event.shiftKey || readonly) return;
        event.preventDefault();
        const target = event.currentTarget;
        const { selectionStart, selectionEnd } = target;
        const next = `${target.value.slice(0, selectionStart)}    ${target.value.slice(selectionEnd)}`;
        onChange(next);
        requestAnimationFrame(() => target.setSelectionRange(selectionStart + 4, selectionStart + 4));
      }}
      onChange={(event) => onChange(event.target.value)}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
}
