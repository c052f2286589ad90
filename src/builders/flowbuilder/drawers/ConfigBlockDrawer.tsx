import { useMemo } from 'react';
import { form } from '../../../../generated/forms/FlowConfigBlock';
import type { BlockConfig } from '../../../domain/flow/types';
import { DrawerForm } from '../../../engine/drawers/DrawerForm';
import { t } from '../../../messages/t';
import { useNotify } from '../../../shell/notifications/useNotify';
import { useBlock } from '../editor/flowEditorState';
import { configToText, parseConfigText } from './configJson';
import type { BlockDrawerProps } from './drawerTypes';
import { MissingBlock } from './MissingBlock';

interface ConfigValue {
  Text: string;
}

/**
 * The config block (spec part 2 §3 'Block' config), declared in schemas/drawers/flow-config-block: the
 * pasted JSON with properties, input_mapping, config, object_guid, function_guid, function_name,
 * class_name, object type and action guid. Text that is not JSON shows 'Please enter valid JSON' (x-json)
 * and cannot be saved; a save that still meets text it cannot parse is refused with 'Configuration is not
 * saved, because the JSON could not be parsed' (spec part 2 §8).
 */
export function ConfigBlockDrawer({ guid, drawerKey }: BlockDrawerProps) {
  const { block, editable, update } = useBlock(guid);
  const notify = useNotify();
  const value = useMemo(() => ({ Text: configToText(block?.Config ?? {}) }), [block]);
  if (!block) return <MissingBlock />;
  return (
    <DrawerForm<ConfigValue>
      drawerKey={drawerKey}
      form={form}
      value={value}
      readOnly={!editable}
      validateOnOpen
      onSave={async ({ Text }) => {
        const parsed = parseConfigText(Text);
        if (!parsed) {
          notify('danger', t('fb.config.notSaved'));
          return false;
        }
        return update((current) => ({ ...current, Config: { ...current.Config, ...parsed } as BlockConfig }));
      }}
    />
  );
}
