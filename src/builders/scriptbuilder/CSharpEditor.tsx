import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import {
  bracketMatching,
  defaultHighlightStyle,
  indentOnInput,
  StreamLanguage,
  syntaxHighlighting,
} from '@codemirror/language';
import { csharp } from '@codemirror/legacy-modes/mode/clike';
import {
  Compartment,
  EditorState,
  type Extension,
  RangeSetBuilder,
  StateEffect,
  StateField,
  Transaction,
} from '@codemirror/state';
import {
  Decoration,
  type DecorationSet,
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useRef } from 'react';
import { flushSync } from 'react-dom';
import type { FieldError } from '../../validation/fieldErrors';
import './CSharpEditor.css';
import { type ErrorLine, errorLines } from './errorLines';

const setErrorLines = StateEffect.define<ErrorLine[]>();

/** Marks the lines of compile errors, with the errors as the line's tooltip. */
const errorLineField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(decorations, transaction) {
    let next = decorations.map(transaction.changes);
    for (const effect of transaction.effects) {
      if (!effect.is(setErrorLines)) continue;
      const builder = new RangeSetBuilder<Decoration>();
      for (const error of effect.value) {
        const line = transaction.state.doc.line(error.line);
        builder.add(
          line.from,
          line.from,
          Decoration.line({
            class: 'cm-errorLine',
            attributes: { title: error.message, 'data-error-line': String(error.line) },
          }),
        );
      }
      next = builder.finish();
    }
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

const language = StreamLanguage.define(csharp);

const base: Extension = [
  lineNumbers(),
  highlightActiveLineGutter(),
  history(),
  drawSelection(),
  indentOnInput(),
  bracketMatching(),
  highlightActiveLine(),
  syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
  keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
  EditorState.tabSize.of(4),
  language,
  errorLineField,
];

/**
 * The Script Builder's code editor: CodeMirror with C# highlighting, in place of the theme's plain code
 * widget. The lines the validation run's compile errors name are marked (spec part 1 §5 'Script').
 * Escape, then Tab, leaves the editor, as CodeMirror does for keyboard users.
 */
export default function CSharpEditor(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, onBlur, onFocus, rawErrors, registry, label } = props;
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const editable = useRef(new Compartment());
  const attributes = useRef(new Compartment());
  // The editor is made once; it reads the latest props through refs, and value, access and errors reach
  // it through the effects below.
  const handlers = useRef({ id, onChange, onBlur, onFocus });
  handlers.current = { id, onChange, onBlur, onFocus };
  const errors = (registry.formContext as { validationErrors?: readonly FieldError[] } | undefined)
    ?.validationErrors;
  const text = typeof value === 'string' ? value : '';
  const invalid = (rawErrors?.length ?? 0) > 0;
  const initialText = useRef(text);

  useEffect(() => {
    const created = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: initialText.current,
        extensions: [
          base,
          editable.current.of([]),
          attributes.current.of([]),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) {
              const code = update.state.doc.toString();
              // CodeMirror hears the keys itself, outside React's events, so React would render a typed
              // change in a later task; a click on Validate or Save in between would act on the code
              // before it. The user's own edits reach the form at once.
              const typed = update.transactions.some(
                (tr) => tr.annotation(Transaction.userEvent) !== undefined,
              );
              if (typed) flushSync(() => handlers.current.onChange(code));
              else handlers.current.onChange(code);
            }
            if (update.focusChanged)
              (update.view.hasFocus ? handlers.current.onFocus : handlers.current.onBlur)(
                handlers.current.id,
                update.state.doc.toString(),
              );
          }),
        ],
      }),
    });
    view.current = created;
    return () => {
      created.destroy();
      view.current = null;
    };
  }, []);

  // A value set from outside (a reload after a conflict) replaces the document.
  useEffect(() => {
    const current = view.current;
    if (!current || current.state.doc.toString() === text) return;
    current.dispatch({ changes: { from: 0, to: current.state.doc.length, insert: text } });
  }, [text]);

  useEffect(() => {
    view.current?.dispatch({
      effects: [
        editable.current.reconfigure([
          EditorView.editable.of(!disabled && !readonly),
          EditorState.readOnly.of(Boolean(disabled || readonly)),
        ]),
        attributes.current.reconfigure(
          EditorView.contentAttributes.of({
            id,
            'aria-label': label || 'Code',
            'aria-multiline': 'true',
            ...(invalid ? { 'aria-invalid': 'true' } : {}),
            // In the tab order, said so: the scroller around it then has focusable content (WCAG 2.1.1), and
            // read-only code stays reachable by keyboard, to read, select and scroll it.
            tabindex: '0',
            ...(disabled || readonly ? { 'aria-readonly': 'true' } : {}),
          }),
        ),
      ],
    });
  }, [id, label, disabled, readonly, invalid]);

  useEffect(() => {
    const current = view.current;
    if (!current) return;
    const lines = errorLines(errors, '/Script', current.state.doc.lines);
    current.dispatch({ effects: setErrorLines.of(lines) });
    // The first error's line comes into view, so the author sees where to look.
    const first = lines[0];
    if (first)
      current.dispatch({
        effects: EditorView.scrollIntoView(current.state.doc.line(first.line).from, { y: 'center' }),
      });
  }, [errors]);

  return <div ref={host} className={`csharp-editor${invalid ? ' csharp-editor--invalid' : ''}`} />;
}
