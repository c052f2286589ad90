const ARMOURED = /^-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----$/;

/**
 * A private key as ssh2 parses it, from the text a setting holds. The Connection Builder's secret field is
 * one line, and a browser drops the line breaks of what is pasted into it, so an OpenSSH or PEM key comes
 * as its armour lines run together; the body is base64 (whitespace carries nothing), so the lines are
 * made again. A key with PEM headers (an old encrypted `Proc-Type` key) cannot be mended so and stays
 * as typed, as does anything that is no armoured key.
 */
export function privateKeyText(value: string): string {
  const key = value.trim();
  const armoured = ARMOURED.exec(key);
  if (!armoured || key.includes(':')) return key;
  const label = armoured[1]!;
  const body = armoured[2]!.replace(/\s+/g, '');
  const lines = body.match(/.{1,70}/g) ?? [];
  return [`-----BEGIN ${label}-----`, ...lines, `-----END ${label}-----`, ''].join('\n');
}
