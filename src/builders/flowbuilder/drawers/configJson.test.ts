import { describe, expect, it } from 'vitest';
import { configToText, parseConfigText } from './configJson';

describe('config block JSON (spec part 2 §3 "Block" config, §8 "JSON config")', () => {
  it('takes pasted JSON apart into the block config, keeping the JSON parts as text', () => {
    expect(
      parseConfigText(
        '{"properties": {"a": 1}, "input_mapping": [], "config": {"b": true}, "class_name": "Orders", "function_guid": "f1"}',
      ),
    ).toEqual({
      Properties: '{"a":1}',
      InputMapping: '[]',
      Config: '{"b":true}',
      ObjectGuid: null,
      ObjectType: null,
      ActionGuid: null,
      FunctionGuid: 'f1',
      FunctionName: null,
      ClassName: 'Orders',
    });
  });

  it.each(['{"properties": ', 'not json', '[1, 2]', 'null'])(
    'refuses %j (Please enter valid JSON)',
    (text) => {
      expect(parseConfigText(text)).toBeNull();
    },
  );

  it('shows the config as JSON indented 4 spaces, and reads back the same', () => {
    const config = { Properties: '{"a":1}', InputMapping: '[]', Config: '{}', ClassName: 'Orders' };
    const text = configToText(config);
    expect(text).toContain('\n    "properties": {\n        "a": 1\n    }');
    expect(parseConfigText(text)).toMatchObject(config);
  });
});
