import { connectionKind, DEMO_CONNECTION_GUID, INTERNAL_TYPE } from '../../connections/connectionKind';
import { ItemStore } from '../../items/itemStore';
import type { DemoSeed } from '../seed';

/** The internal demo connection, published, so every builder has a connection out of the box. */
const seedConnections: DemoSeed = async (db) => {
  const items = new ItemStore(db);
  if (await items.find(connectionKind, DEMO_CONNECTION_GUID)) return;
  await items.save(
    connectionKind,
    {
      FlowConnectionGuid: DEMO_CONNECTION_GUID,
      Name: 'DemoDatabase',
      Type: INTERNAL_TYPE,
      Description: 'The embedded demo database with a small sales schema.',
      IsInternal: true,
      AvailableModules: ['DocumentBuilder', 'MethodBuilder', 'FlowBuilder', 'DocumentEditor'],
      FlowCredential: { Type: INTERNAL_TYPE, Settings: {} },
      IsPublished: true,
    },
    { by: 'seed', now: Date.now() / 1000 },
  );
};

export default seedConnections;
