import type { ItemKind } from '../items/itemStore';

/** Connections are items keyed by FlowConnectionGuid (spec part 1 §3 'Connection'). */
export const connectionKind: ItemKind = {
  kind: 'connection',
  idField: 'FlowConnectionGuid',
  nameField: 'Name',
  notFound: 'cb.error.loadConnection',
  nameTaken: 'cb.validation.nameNotUnique',
};

/** The embedded demo database's connection: its type reaches the server's own database. */
export const DEMO_CONNECTION_GUID = '9b8a7c6d-5e4f-4a3b-9c2d-1e0f0a1b2c3d';
export { INTERNAL_TYPE } from '../../src/domain/connections/internalType';
