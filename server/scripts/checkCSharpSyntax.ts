import { createRequire } from 'node:module';
import type { Node, Parser } from 'web-tree-sitter';
import type { Schemas } from '../contract/types';

type CompilationError = Schemas['CompilationError'];

/** More than this many errors says nothing more; the first ones are what the author fixes first. */
const MAX_ERRORS = 50;
const OPENERS: Record<string, string> = { '{': '}', '(': ')', '[': ']' };

let parser: Promise<Parser> | undefined;

/**
 * One parser for the process, made on first use: the C# grammar as the tree-sitter-c-sharp package ships
 * it. A failed start is forgotten, so the next check tries again.
 */
export function csharpParser(): Promise<Parser> {
  parser ??= (async () => {
    // Loaded here, not at start-up: most processes never check a script (issue 20 point 4).
    const { Language, Parser } = await import('web-tree-sitter');
    await Parser.init();
    const grammar = createRequire(import.meta.url).resolve('tree-sitter-c-sharp/tree-sitter-c_sharp.wasm');
    const next = new Parser();
    next.setLanguage(await Language.load(grammar));
    return next;
  })().catch((error: unknown) => {
    parser = undefined;
    throw error;
  });
  return parser;
}

const shown = (text: string) => {
  const line = text.split('\n')[0]!.trim();
  return line.length > 40 ? `${line.slice(0, 40)}…` : line;
};

type Point = { row: number; column: number };
const at = (point: Point, message: string): CompilationError => ({
  Line: point.row + 1,
  Column: point.column + 1,
  Message: message,
});

/** What went wrong at an ERROR node, in words an author can act on. */
function describeError(node: Node): CompilationError {
  const tokens = node.children.filter((child): child is Node => child !== null && !child.isNamed);
  // An opening bracket among the skipped tokens without its partner: the usual 'missing }' case.
  const open: Node[] = [];
  for (const token of tokens) {
    if (OPENERS[token.type]) open.push(token);
    else if (open.length > 0 && OPENERS[open.at(-1)!.type] === token.type) open.pop();
  }
  const unclosed = open.at(-1);
  if (unclosed) return at(unclosed.startPosition, `'${unclosed.type}' is not closed`);
  // A whole expression where a statement belongs: the statement's ';' is missing after it.
  if (node.parent?.type === 'block' && node.namedChildCount > 0 && tokens.length === 0)
    return at(node.endPosition, `';' expected after '${shown(node.text)}'`);
  if (node.namedChildCount === 0 && node.text.trim() !== '')
    return at(node.startPosition, `Unexpected '${shown(node.text)}'`);
  return at(node.startPosition, `Syntax error near '${shown(node.text)}'`);
}

/**
 * Checks C# source against the C# grammar (Script/CheckCompilation, spec part 1 §5 'Script': the code is
 * sent for a compile check; any returned text becomes an error). Answers the syntax errors with 1-based
 * line and column, from the parse tree's ERROR and MISSING nodes; none when the source parses.
 */
export async function checkCSharpSyntax(source: string): Promise<CompilationError[]> {
  const tree = (await csharpParser()).parse(source);
  if (!tree) throw new Error('checkCSharpSyntax: the parser gave no tree');
  try {
    const errors: CompilationError[] = [];
    const visit = (node: Node) => {
      if (errors.length >= MAX_ERRORS) return;
      // A missing token is a MISSING node, or a zero-width leaf that holds one (an identifier, say).
      if (node.isMissing || (node.hasError && !node.isError && node.childCount === 0)) {
        const expected = node.type
          .replace(/^_/, '')
          .replace(/_token$/, '')
          .replaceAll('_', ' ');
        errors.push(at(node.startPosition, `Missing ${expected.length === 1 ? `'${expected}'` : expected}`));
        return;
      }
      if (node.isError) errors.push(describeError(node));
      if (!node.hasError) return;
      for (const child of node.children) if (child) visit(child);
    };
    visit(tree.rootNode);
    return errors.sort((a, b) => a.Line - b.Line || a.Column - b.Column);
  } finally {
    tree.delete();
  }
}
