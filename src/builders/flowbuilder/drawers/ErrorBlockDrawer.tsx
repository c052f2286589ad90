import { form } from '../../../../generated/forms/FlowErrorBlock';
import type { BlockConfig } from '../../../domain/flow/types';
import { DrawerForm } from '../../../engine/drawers/DrawerForm';
import { useBlock } from '../editor/flowEditorState';
import type { BlockDrawerProps } from './drawerTypes';
import { MissingBlock } from './MissingBlock';

type ErrorFields = Pick<BlockConfig, 'ErrorCode' | 'ErrorMessage'>;

/** The error block: error code (required) and message (spec part 2 §3 'Block' error, §5 Error). */
export function ErrorBlockDrawer({ guid, drawerKey }: BlockDrawerProps) {
  const { block, editable, update } = useBlock(guid);
  if (!block) return <MissingBlock />;
  const value: ErrorFields = {
    ErrorCode: block.Config?.ErrorCode ?? '',
    ErrorMessage: block.Config?.ErrorMessage ?? null,
  };
  return (
    <DrawerForm<ErrorFields>
      drawerKey={drawerKey}
      form={form}
      value={value}
      readOnly={!editable}
      onSave={async (next) =>
        update((current) => ({
          ...current,
          Config: {
            ...current.Config,
            ErrorCode: next.ErrorCode?.trim() ?? null,
            ErrorMessage: next.ErrorMessage ?? null,
          },
        }))
      }
    />
  );
}
