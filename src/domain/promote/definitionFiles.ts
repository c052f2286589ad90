import { type Definition, definitionPath, isDefinitionKind } from './definitions';
import { stableJson } from './stableJson';

/** One file of an export folder: its path under the folder and its text. */
export interface DefinitionFile {
  Path: string;
  Content: string;
}

/** A file that is no definition, and why (a catalogue key). */
export interface FileProblem {
  path: string;
  messageKey: 'promote.fileNotJson' | 'promote.fileNotDefinition';
}

/** The files of an export, in path order, one per definition. */
export const definitionFiles = (definitions: readonly Definition[]): DefinitionFile[] =>
  definitions
    .map((definition) => ({ Path: definitionPath(definition), Content: stableJson(definition) }))
    .sort((a, b) => (a.Path < b.Path ? -1 : a.Path > b.Path ? 1 : 0));

const isText = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** Whether a parsed file has what every definition of its kind needs to be matched and written. */
function looksLikeDefinition(value: unknown): value is Definition {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  if (typeof record.Kind !== 'string' || !isDefinitionKind(record.Kind) || !isText(record.Name)) return false;
  if (record.Kind === 'role') return typeof record.Permissions === 'object' && record.Permissions !== null;
  if (!isText(record.Guid)) return false;
  if (record.Kind === 'apiUser') return Array.isArray(record.Roles);
  if (record.Kind === 'flow') return isText(record.HttpMethod);
  return record.Published !== undefined && record.Draft !== undefined;
}

/**
 * The definitions of a folder's JSON files (other files, such as a README beside them, are not read),
 * and the files that are not definitions.
 */
export function readDefinitionFiles(files: readonly DefinitionFile[]): {
  definitions: Definition[];
  problems: FileProblem[];
  /** The file each definition was read from. */
  pathOf(definition: Definition): string;
} {
  const definitions: Definition[] = [];
  const paths = new Map<Definition, string>();
  const problems: FileProblem[] = [];
  for (const file of files) {
    if (!file.Path.endsWith('.json')) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(file.Content);
    } catch {
      problems.push({ path: file.Path, messageKey: 'promote.fileNotJson' });
      continue;
    }
    if (looksLikeDefinition(parsed)) {
      definitions.push(parsed);
      paths.set(parsed, file.Path);
    } else problems.push({ path: file.Path, messageKey: 'promote.fileNotDefinition' });
  }
  return {
    definitions,
    problems,
    pathOf: (definition) => paths.get(definition) ?? definitionPath(definition),
  };
}
