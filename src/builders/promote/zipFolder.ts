import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import type { DefinitionFile } from '../../domain/promote/definitionFiles';

/** An export as a zip of the folder `npm run export` writes: the same paths, the same bytes. */
export function zipDefinitions(files: readonly DefinitionFile[]): Uint8Array {
  return zipSync(Object.fromEntries(files.map((file) => [file.Path, strToU8(file.Content)])), { level: 6 });
}

/**
 * The JSON files of a zipped export folder, with paths relative to the folder: a zip of the folder
 * itself (one top folder around the kinds) is read as the folder's contents.
 */
export function unzipDefinitions(zip: Uint8Array): DefinitionFile[] {
  const entries = Object.entries(unzipSync(zip, { filter: (file) => file.name.endsWith('.json') }));
  const tops = new Set(entries.map(([path]) => path.split('/')[0]));
  const [top] = tops;
  const strip = tops.size === 1 && entries.every(([path]) => path.split('/').length > 2) ? `${top}/` : '';
  return entries
    .filter(([path]) => !path.split('/').some((segment) => segment.startsWith('.')))
    .map(([path, bytes]) => ({ Path: path.slice(strip.length), Content: strFromU8(bytes) }))
    .sort((a, b) => (a.Path < b.Path ? -1 : 1));
}
