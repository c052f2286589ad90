import { execFileSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BenchContext, root } from '../bench/lib/context';
import { type BenchModule, type BenchRow, statusOf } from '../bench/lib/types';

/**
 * `npm run bench`: builds the console for production, runs every bench module in bench/ (files named
 * `*.bench.ts`, each default-exporting a BenchModule) and prints one table with each figure beside its
 * budget. Exits 1 when a budget is missed or a figure or module fails.
 *
 *   npm run bench -- --only bundle,api --duration 5 --json bench-results.json --no-build
 */
const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    entities: { type: 'string', default: '10000' },
    json: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
  },
});

async function loadModules(): Promise<BenchModule[]> {
  const folder = path.join(root, 'bench');
  const modules: BenchModule[] = [];
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.bench.ts'))) {
    const module = (await import(path.join(folder, file))) as { default?: BenchModule };
    if (!module.default) throw new Error(`bench/${file} must default-export a BenchModule`);
    modules.push(module.default);
  }
  const only = values.only?.split(',').map((name) => name.trim());
  const unknown = only?.filter((name) => !modules.some((module) => module.name === name)) ?? [];
  if (unknown.length > 0)
    throw new Error(
      `no bench module named ${unknown.join(', ')}; there are ${modules.map((m) => m.name).join(', ')}`,
    );
  return modules
    .filter((module) => !only || only.includes(module.name))
    .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
}

const format = (value: number) =>
  value >= 100 ? Math.round(value).toLocaleString('en') : value.toFixed(value >= 10 ? 1 : 2);

function printTable(rows: BenchRow[]) {
  const cells = rows.map((row) => {
    const status = statusOf(row);
    const budget = row.budget
      ? `${row.budget.kind === 'max' ? '≤' : '≥'} ${format(row.budget.limit)} ${row.unit}`
      : '';
    return [
      row.group,
      row.figure,
      row.value !== undefined ? `${format(row.value)} ${row.unit}` : '—',
      budget,
      status === 'missed'
        ? 'MISSED'
        : status === 'failed'
          ? `FAILED: ${row.failed}`
          : status === 'pending'
            ? (row.pending ?? 'pending')
            : status,
      row.note ?? '',
    ];
  });
  const header = ['group', 'figure', 'value', 'budget', 'status', 'note'];
  const widths = header.map((title, column) =>
    Math.min(column === 5 ? 80 : 70, Math.max(title.length, ...cells.map((line) => line[column]!.length))),
  );
  const line = (values: string[]) =>
    values
      .map((value, column) => value.slice(0, widths[column]).padEnd(widths[column]!))
      .join('  ')
      .trimEnd();
  console.log(`\n${line(header)}\n${widths.map((width) => '─'.repeat(width)).join('  ')}`);
  for (const row of cells) console.log(line(row));
}

async function main() {
  const modules = await loadModules();
  if (!values['no-build']) {
    console.log('bench: building the console for production (npm run build)');
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  }
  const context = new BenchContext({
    durationSeconds: Number(values.duration),
    connections: Number(values.connections),
    entities: Number(values.entities),
  });
  const rows: BenchRow[] = [];
  // Figures from a busy machine mislead; the table says how busy it was.
  const loadBefore = loadavg()[0]!;
  try {
    for (const module of modules) {
      console.log(`bench: ${module.name}`);
      try {
        rows.push(...(await module.run(context)));
      } catch (error) {
        console.error(`bench: module ${module.name} failed:`, error);
        rows.push({ group: module.name, figure: '(module failed)', unit: '', failed: 'see the error above' });
      }
    }
  } finally {
    await context.close();
  }
  printTable(rows);
  const cores = availableParallelism();
  const busy = Math.max(loadBefore, loadavg()[0]!);
  console.log(
    `\nmachine: ${cores} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}; ` +
      `load average ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after` +
      (busy > cores ? ' — other work was running, so the server figures understate this machine' : ''),
  );
  const missed = rows.filter((row) => statusOf(row) === 'missed');
  const kept = rows.filter((row) => statusOf(row) === 'ok');
  const pending = rows.filter((row) => statusOf(row) === 'pending');
  const broken = rows.filter((row) => statusOf(row) === 'failed');
  console.log(
    `\n${kept.length} budget(s) kept, ${missed.length} missed${missed.length ? ` (${missed.map((row) => row.figure).join('; ')})` : ''}, ${pending.length} figure(s) pending, ${broken.length} failed.`,
  );
  if (values.json) writeFileSync(values.json, `${JSON.stringify(rows, null, 2)}\n`);
  if (missed.length > 0 || broken.length > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
