import { useId } from 'react';
import type { BlockConfig } from '../../../domain/flow/types';
import { DrawerEditor } from '../../../engine/drawers/DrawerEditor';
import { t } from '../../../messages/t';
import { useNotify } from '../../../shell/notifications/useNotify';
import { useBlock } from '../editor/flowEditorState';
import { configToText, parseConfigText } from './configJson';
import type { BlockDrawerProps } from './drawerTypes';
import { MissingBlock } from './MissingBlock';

/**
 * The config block (spec part 2 §3 'Block' config: pasted JSON with properties, input_mapping, config,
 * object_guid, function_guid, function_name, class_name, object type and action guid). Text that is not
 * JSON shows 'Please enter valid JSON', and saving it is refused with 'Configuration is not saved, because
 * the JSON could not be parsed' (spec part 2 §8).
 */
export function ConfigBlockDrawer({ guid, drawerKey }: BlockDrawerProps) {
  const { block, editable, update } = useBlock(guid);
  const notify = useNotify();
  const id = useId();
  if (!block) return <MissingBlock />;
  return (
    <DrawerEditor<string>
      drawerKey={drawerKey}
      value={configToText(block.Config ?? {})}
      readOnly={!editable}
      onSave={(text) => {
        const parsed = parseConfigText(text);
        if (!parsed) {
          notify('danger', t('fb.config.notSaved'));
          return false;
        }
        return update((current) => ({ ...current, Config: { ...current.Config, ...parsed } as BlockConfig }));
      }}
    >
      {({ value, onChange, readOnly }) => (
        <div className="field">
          <label className="field__label" htmlFor={id}>
            Configuration (JSON)
          </label>
          <textarea
            id={id}
            className="field__textarea field__textarea--code"
            rows={18}
            spellCheck={false}
            value={value}
            readOnly={readOnly}
            aria-invalid={parseConfigText(value) === null || undefined}
            onChange={(event) => onChange(event.target.value)}
          />
          {parseConfigText(value) === null && (
            <p className="field__error" role="alert">
              {t('fb.config.invalidJson')}
            </p>
          )}
          <p className="field__help">Paste the configuration with properties, input_mapping and config.</p>
        </div>
      )}
    </DrawerEditor>
  );
}
