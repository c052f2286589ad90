import { useStore } from 'jotai';
import { type ComponentType, useCallback } from 'react';
import { blockType } from '../../../domain/flow/blockTypes';
import type { BlockType } from '../../../domain/flow/types';
import { useDrawers } from '../../../engine/drawers/useDrawers';
import { flowDraftAtom } from '../editor/flowEditorState';
import { ActionBlockDrawer } from './ActionBlockDrawer';
import { AddBlockDrawer } from './AddBlockDrawer';
import { CheckDrawer } from './CheckDrawer';
import { ConfigBlockDrawer } from './ConfigBlockDrawer';
import { type BlockDrawerProps, blockDrawerKey } from './drawerTypes';
import { ErrorBlockDrawer } from './ErrorBlockDrawer';
import { ExternalBlockDrawer } from './ExternalBlockDrawer';
import { ResultDrawer } from './ResultDrawer';
import { StartBlockDrawer } from './StartBlockDrawer';

/** Each block type's drawer, defined once; a type with none (close) opens nothing. */
export const blockDrawers: Partial<
  Record<BlockType, { Content: ComponentType<BlockDrawerProps>; size?: 'wide' }>
> = {
  start: { Content: StartBlockDrawer, size: 'wide' },
  add: { Content: AddBlockDrawer, size: 'wide' },
  check: { Content: CheckDrawer, size: 'wide' },
  read: { Content: ActionBlockDrawer, size: 'wide' },
  write: { Content: ActionBlockDrawer, size: 'wide' },
  external: { Content: ExternalBlockDrawer, size: 'wide' },
  result: { Content: ResultDrawer, size: 'wide' },
  error: { Content: ErrorBlockDrawer },
  config: { Content: ConfigBlockDrawer, size: 'wide' },
};

/** Opens a block's drawer by guid. */
export function useOpenBlockDrawer() {
  const drawers = useDrawers();
  const store = useStore();
  return useCallback(
    (guid: string) => {
      // Read at call time, so the opener stays the same function while the flow changes.
      const block = store.get(flowDraftAtom)?.Flow?.Blocks?.find((candidate) => candidate.Guid === guid);
      if (!block) return;
      const entry = blockDrawers[block.Type];
      if (!entry) return;
      const key = blockDrawerKey(guid);
      drawers.open({
        key,
        title: `${blockType(block.Type).label} block`,
        ...(entry.size ? { size: entry.size } : {}),
        content: <entry.Content guid={guid} drawerKey={key} />,
      });
    },
    [drawers, store],
  );
}
