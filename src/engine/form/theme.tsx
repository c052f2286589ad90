import { getDefaultRegistry } from '@rjsf/core';
import {
  type BaseInputTemplateProps,
  type FieldErrorProps,
  type FieldTemplateProps,
  getTemplate,
  getUiOptions,
  type IconButtonProps,
  type RegistryWidgetsType,
  type TemplatesType,
  TranslatableString,
  type WidgetProps,
} from '@rjsf/utils';
import type { ChangeEvent } from 'react';
import { cleanedAsTyped, cleanName, type NameCleaning } from '../../domain/rules/names';
import { withSeconds } from '../../domain/rules/typeFormats';
import { t } from '../../messages/t';
import { CodeWidget } from './CodeWidget';
import { LookupWidget } from './LookupWidget';
import { useTypedText } from './typedText';

const defaults = getDefaultRegistry();

/** Label, control, help and inline errors; the label carries a required mark. */
function FieldTemplate(props: FieldTemplateProps) {
  const {
    id,
    label,
    children,
    errors,
    help,
    description,
    hidden,
    required,
    displayLabel,
    rawErrors,
    classNames,
  } = props;
  if (hidden) return <div hidden>{children}</div>;
  const isCheckbox = getUiOptions(props.uiSchema).widget === 'checkbox' || props.schema.type === 'boolean';
  const invalid = (rawErrors?.length ?? 0) > 0;
  return (
    <div
      className={`field${invalid ? ' field--invalid' : ''}${isCheckbox ? ' field--checkbox' : ''} ${classNames ?? ''}`}
    >
      {displayLabel && !isCheckbox && label && (
        <label className="field__label" htmlFor={id}>
          {label}
          {required && (
            <span className="field__required" aria-hidden="true">
              {' '}
              *
            </span>
          )}
        </label>
      )}
      {displayLabel && description}
      {children}
      {errors}
      {help}
    </div>
  );
}

function FieldErrorTemplate({ errors }: FieldErrorProps) {
  const shown = (errors ?? []).filter(Boolean);
  if (shown.length === 0) return null;
  return (
    <p className="field__error" role="alert">
      {shown.join(' ')}
    </p>
  );
}

const cleaningOf = (props: BaseInputTemplateProps) =>
  (props.schema as { 'x-clean'?: { kind: NameCleaning } })['x-clean']?.kind;

/**
 * The one input: names the spec cleans are cleaned as they are typed (x-clean; field names are only
 * checked, cleanedAsTyped), datetime-local values get ':00' seconds
 * (spec part 1 §9), integers carry their min and max.
 */
function BaseInputTemplate(props: BaseInputTemplateProps) {
  const {
    id,
    value,
    readonly,
    disabled,
    onBlur,
    onFocus,
    onChange,
    options,
    schema,
    type,
    placeholder,
    required,
    rawErrors,
  } = props;
  const kind = cleaningOf(props);
  const inputType = type ?? (typeof options.inputType === 'string' ? options.inputType : 'text');
  // Plain text waits for the next paint to reach the form (typedText.ts); numbers and dates, whose
  // shown text the form reformats, go at once.
  const text = inputType !== 'number' && inputType !== 'datetime-local';
  const typing = useTypedText(onChange);
  const handle = (event: ChangeEvent<HTMLInputElement>) => {
    let next: string | number | undefined = event.target.value;
    if (kind && cleanedAsTyped(kind)) next = cleanName(kind, next, { typing: true });
    if (inputType === 'datetime-local' && next) next = withSeconds(next);
    if (inputType === 'number' && next !== '') next = Number(next);
    const value = next === '' ? options.emptyValue : next;
    if (text) typing.type(String(next), value, event.target);
    else onChange(value);
  };
  const shown =
    typing.typed ??
    (value === undefined || value === null
      ? ''
      : inputType === 'datetime-local'
        ? String(value).slice(0, 19)
        : value);
  return (
    <input
      id={id}
      name={id}
      className="field__input"
      type={inputType === 'number' ? 'number' : inputType}
      step={schema.type === 'integer' ? 1 : inputType === 'datetime-local' ? 1 : undefined}
      min={typeof schema.minimum === 'number' ? schema.minimum : undefined}
      max={typeof schema.maximum === 'number' ? schema.maximum : undefined}
      maxLength={typeof schema.maxLength === 'number' ? schema.maxLength : undefined}
      value={shown as string | number}
      readOnly={readonly}
      disabled={disabled}
      placeholder={placeholder}
      required={required}
      aria-invalid={(rawErrors?.length ?? 0) > 0 ? true : undefined}
      aria-describedby={`${id}__error ${id}__help`}
      onChange={handle}
      onBlur={(event) => {
        typing.flush();
        onBlur(id, event.target.value);
      }}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
}

/** A select with the 'chooseValue' placeholder (spec part 1 §5 'Required select: chooseValue'). */
function SelectWidget(props: WidgetProps) {
  const Select = defaults.widgets.SelectWidget!;
  return <Select {...props} placeholder={props.placeholder || t('chooseValue')} />;
}

/** Radios of an enum; a null in a nullable enum is 'none chosen', not an option to pick. */
function RadioWidget(props: WidgetProps) {
  const Radio = defaults.widgets.RadioWidget!;
  const enumOptions = (props.options.enumOptions ?? []).filter((option) => option.value !== null);
  return <Radio {...props} options={{ ...props.options, enumOptions }} />;
}

function TextareaWidget(props: WidgetProps) {
  const { id, value, readonly, disabled, onChange, onBlur, onFocus, options, rawErrors } = props;
  // `ui:options.code`: text a machine reads (pasted JSON), in a fixed-width font and not spell-checked.
  const code = options.code === true;
  const typing = useTypedText(onChange);
  return (
    <textarea
      id={id}
      name={id}
      className={code ? 'field__textarea field__textarea--code' : 'field__textarea'}
      spellCheck={code ? false : undefined}
      aria-invalid={(rawErrors?.length ?? 0) > 0 ? true : undefined}
      rows={typeof options.rows === 'number' ? options.rows : 3}
      value={typing.typed ?? value ?? ''}
      readOnly={readonly}
      disabled={disabled}
      onChange={(event) =>
        typing.type(
          event.target.value,
          event.target.value === '' ? options.emptyValue : event.target.value,
          event.target,
        )
      }
      onBlur={(event) => {
        typing.flush();
        onBlur(id, event.target.value);
      }}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
}

function CheckboxWidget(props: WidgetProps) {
  const { id, value, readonly, disabled, onChange, label, schema, rawErrors } = props;
  return (
    <label className="checkbox" htmlFor={id}>
      <input
        id={id}
        type="checkbox"
        checked={value === true}
        disabled={disabled || readonly}
        aria-invalid={(rawErrors?.length ?? 0) > 0 ? true : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>{label || schema.title}</span>
    </label>
  );
}

/**
 * Array buttons with visible words in the console's button style: RJSF's defaults draw Bootstrap
 * glyphicons, a font this console does not load, so they showed as empty boxes. The add button says what
 * it adds (ui:options addText, e.g. "Add operation").
 */
function ArrayButton({
  label,
  text,
  danger,
  ...props
}: IconButtonProps & { label: string; text: string; danger?: boolean }) {
  const { id, onClick, disabled } = props;
  return (
    <button
      type="button"
      id={id}
      className={`button button--small${danger ? ' button--danger-outline' : ''}`}
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
    >
      {text}
    </button>
  );
}

const arrayButtons: Partial<TemplatesType['ButtonTemplates']> = {
  AddButton: (props) => {
    const label =
      (getUiOptions(props.uiSchema).addText as string | undefined) ??
      props.registry.translateString(TranslatableString.AddButton);
    return (
      <div className="array-add">
        <ArrayButton {...props} label={label} text={label} />
      </div>
    );
  },
  RemoveButton: (props) => {
    const label = props.registry.translateString(TranslatableString.RemoveButton);
    return <ArrayButton {...props} label={label} text={label} danger />;
  },
  MoveUpButton: (props) => (
    <ArrayButton
      {...props}
      label={props.registry.translateString(TranslatableString.MoveUpButton)}
      text="↑"
    />
  ),
  MoveDownButton: (props) => (
    <ArrayButton
      {...props}
      label={props.registry.translateString(TranslatableString.MoveDownButton)}
      text="↓"
    />
  ),
  CopyButton: (props) => {
    const label = props.registry.translateString(TranslatableString.CopyButton);
    return <ArrayButton {...props} label={label} text={label} />;
  },
};

/** Templates and widgets of the console's look; fields are added by builders through the registry. */
export const templates: Partial<TemplatesType> = {
  FieldTemplate,
  // Schema descriptions document the contract for developers; forms show ui:help instead.
  DescriptionFieldTemplate: () => null,
  // The page or drawer names the form; nested objects keep their title.
  // The root's title id is the form's id prefix (no separator in it) plus '__title'.
  TitleFieldTemplate: ({ id, title }) =>
    !id.replace(/__title$/, '').includes('_') ? null : (
      <h3 className="form-section__title" id={id}>
        {title}
      </h3>
    ),
  FieldErrorTemplate,
  BaseInputTemplate,
  ErrorListTemplate: () => null,
  ButtonTemplates: { ...defaults.templates.ButtonTemplates, ...arrayButtons, SubmitButton: () => null },
};

export const widgets: RegistryWidgetsType = {
  SelectWidget,
  lookup: LookupWidget,
  code: CodeWidget,
  TextareaWidget,
  CheckboxWidget,
  RadioWidget,
  // Date-time inputs are datetime-local with seconds (spec part 1 §9).
  DateTimeWidget: (props: WidgetProps) => {
    const Base = getTemplate('BaseInputTemplate', props.registry, getUiOptions(props.uiSchema));
    return <Base {...props} type="datetime-local" />;
  },
};
