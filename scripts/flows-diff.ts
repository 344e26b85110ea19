// `npm run flows:diff <git-rev>`: for every machine whose chart changed since <git-rev>, flows-diff/<machine>.html
// with the drawing before and after side by side and the added, removed and changed states and transitions marked,
// plus flows-diff/index.html. Compares docs/flows at <git-rev> with the working tree's docs/flows, which
// `npm run flows:export` writes and the tests keep current.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chartShape, diffCharts, diffPage, isEmptyDiff, markDrawing } from './flows-diff-core';

const FLOWS_DIR = 'docs/flows';
const OUT_DIR = 'flows-diff';
const rev = process.argv[2];
if (!rev) {
  console.error('usage: npm run flows:diff <git-rev>   (e.g. main, HEAD~3, a commit id)');
  process.exit(2);
}

const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
const atRev = (file: string): string | undefined => {
  try {
    return git('show', `${rev}:${FLOWS_DIR}/${file}`);
  } catch {
    return undefined;
  }
};
const now = (file: string): string | undefined => (existsSync(join(FLOWS_DIR, file)) ? readFileSync(join(FLOWS_DIR, file), 'utf8') : undefined);

const machinesAt = (names: string[]) => names.filter((name) => name.endsWith('.mmd')).map((name) => name.slice(0, -4));
const before = machinesAt(git('ls-tree', '--name-only', `${rev}:${FLOWS_DIR}`).split('\n'));
const after = machinesAt(readdirSync(FLOWS_DIR));
const machines = [...new Set([...before, ...after])].sort();

rmSync(OUT_DIR, { recursive: true, force: true });
mkdirSync(OUT_DIR, { recursive: true });
const changed: string[] = [];
for (const machine of machines) {
  const [oldText, newText] = [atRev(`${machine}.mmd`), now(`${machine}.mmd`)];
  const diff = diffCharts(chartShape(oldText ?? ''), chartShape(newText ?? ''));
  if (isEmptyDiff(diff)) continue;
  const [oldSvg, newSvg] = [atRev(`${machine}.svg`), now(`${machine}.svg`)];
  writeFileSync(join(OUT_DIR, `${machine}.html`), diffPage(machine, rev, diff, oldSvg && markDrawing(oldSvg, diff, 'before'), newSvg && markDrawing(newSvg, diff, 'after')));
  const count = (change: string) => [...diff.states.values(), ...diff.transitions.values()].filter((value) => value === change).length;
  const summary = `${machine}: ${count('added')} added, ${count('removed')} removed, ${count('changed')} changed`;
  changed.push(summary);
  console.log(summary);
}
writeFileSync(join(OUT_DIR, 'index.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Charts changed since ${rev}</title></head><body>
<h1>Charts changed since ${rev}</h1>${changed.length === 0 ? '<p>None.</p>' : `<ul>${changed.map((line) => `<li><a href="${line.split(':')[0]}.html">${line}</a></li>`).join('')}</ul>`}
</body></html>\n`);
console.log(changed.length === 0 ? `No chart changed since ${rev}.` : `${changed.length} chart(s) changed since ${rev}: open ${OUT_DIR}/index.html`);
