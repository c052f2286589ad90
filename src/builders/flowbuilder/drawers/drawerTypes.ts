/** What every block drawer is given: the block it edits and its own drawer key. */
export interface BlockDrawerProps {
  guid: string;
  drawerKey: string;
}

export const blockDrawerKey = (guid: string) => `block:${guid}`;
