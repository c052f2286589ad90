import type { BlockConfig } from '../../../domain/flow/types';

/** The pasted JSON's keys and where each lands in the block config (spec part 2 §3 'Block' config). */
const jsonKeys = [
  ['properties', 'Properties', true],
  ['input_mapping', 'InputMapping', true],
  ['config', 'Config', true],
  ['object_guid', 'ObjectGuid', false],
  ['object_type', 'ObjectType', false],
  ['action_guid', 'ActionGuid', false],
  ['function_guid', 'FunctionGuid', false],
  ['function_name', 'FunctionName', false],
  ['class_name', 'ClassName', false],
] as const;

const parseOr = (text: string | null | undefined) => {
  if (text === null || text === undefined || text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/** The config block's configuration as the JSON an admin pastes, indented 4 spaces (spec part 2 §9). */
export function configToText(config: BlockConfig): string {
  const out: Record<string, unknown> = {};
  for (const [key, property, json] of jsonKeys) {
    const value = config[property];
    out[key] = json ? parseOr(value as string | null | undefined) : (value ?? null);
  }
  return JSON.stringify(out, null, 4);
}

/**
 * The block config from pasted JSON, or null when the text is not a JSON object. properties,
 * input_mapping and config are kept as JSON text, the way the block rules check them.
 */
export function parseConfigText(text: string): Partial<BlockConfig> | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const source = parsed as Record<string, unknown>;
  const out: Record<string, string | null> = {};
  for (const [key, property, json] of jsonKeys) {
    const value = source[key];
    if (value === undefined || value === null) out[property] = null;
    else out[property] = json ? JSON.stringify(value) : String(value);
  }
  return out as Partial<BlockConfig>;
}
