/**
 * Checks a Content-Security-Policy against what the console promises (issue 9 'Security headers'):
 * no inline, evaluated or foreign script, no plugins, no <base> rewriting, framing limited. Answers the
 * rules the policy breaks, as sentences; empty when it keeps them all.
 */
export function cspProblems(policy: string | undefined): string[] {
  if (!policy) return ['no content-security-policy header'];
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  const problems: string[] = [];
  // Script falls back to default-src when script-src is absent.
  const script = directives.get('script-src') ?? directives.get('default-src');
  if (!script) problems.push('neither script-src nor default-src limits script');
  for (const source of script ?? []) {
    if (["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", "'wasm-unsafe-eval'"].includes(source))
      problems.push(`script-src allows ${source}`);
    if (source === '*' || /^(https?|data|blob):?$/.test(source) || source.includes('*'))
      problems.push(`script-src allows any source of kind ${source}`);
  }
  const exactly = (name: string, value: string) => {
    const sources = directives.get(name);
    if (sources?.length !== 1 || sources[0] !== value)
      problems.push(`${name} should be ${value}, is ${sources ? sources.join(' ') : 'missing'}`);
  };
  exactly('object-src', "'none'");
  exactly('base-uri', "'none'");
  const ancestors = directives.get('frame-ancestors');
  if (!ancestors) problems.push('frame-ancestors missing');
  else if (!ancestors.every((source) => source === "'self'" || source === "'none'"))
    problems.push(`frame-ancestors allows ${ancestors.join(' ')}`);
  const defaults = directives.get('default-src');
  if (!defaults || defaults.some((source) => source === '*' || source.includes('*')))
    problems.push(`default-src should limit everything else, is ${defaults?.join(' ') ?? 'missing'}`);
  return problems;
}
