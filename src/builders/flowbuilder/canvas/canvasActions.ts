import { createContext, useContext } from 'react';
import type { Exit } from '../../../domain/flow/types';

/** What nodes and edges can ask of the editor; stable functions, so memoized nodes do not redraw. */
export interface CanvasActions {
  openBlock(guid: string): void;
  deleteBlock(guid: string): void;
  insertOn(link: { from: string; to: string; exit: Exit }): void;
}

export const CanvasActionsContext = createContext<CanvasActions | null>(null);

export function useCanvasActions(): CanvasActions {
  const actions = useContext(CanvasActionsContext);
  if (!actions)
    throw new Error(
      'A flow node was drawn outside <CanvasActionsContext.Provider>; draw it inside FlowCanvas.',
    );
  return actions;
}

/** The box every block gets, on the canvas and in the layout. */
export const BLOCK_SIZE = { width: 200, height: 76 } as const;
export const blockSize = () => BLOCK_SIZE;
