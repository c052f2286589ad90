/**
 * How an action reads or writes its document (spec part 2 §3 'Action document': action methods read,
 * write, upsert, create if not exists, create if not exists or stop if exists, create always). Composed
 * documents choose one per document too.
 */
export const actionMethods = [
  { key: 'read', label: 'Read', isRead: true },
  { key: 'write', label: 'Write', isRead: false },
  { key: 'upsert', label: 'Upsert', isRead: false },
  { key: 'createIfNotExists', label: 'Create if not exists', isRead: false },
  { key: 'createIfNotExistsOrStop', label: 'Create if not exists or stop if exists', isRead: false },
  { key: 'createAlways', label: 'Create always', isRead: false },
] as const;

export type ActionMethod = (typeof actionMethods)[number]['key'];

/** The methods that fit a reading (is_read) or a writing item. */
export function methodsFor(isRead: boolean): ReadonlyArray<(typeof actionMethods)[number]> {
  return actionMethods.filter((method) => method.isRead === isRead);
}
