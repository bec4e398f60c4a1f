/**
 * Which of @mantine/core's per-component style sheets a set of our modules needs: the Mantine
 * components they import, followed through Mantine's own imports (a Select needs Combobox, Input,
 * Popover...). The client imports only the sheets it uses (client/src/styles/mantine-*.css).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const root = resolve(__dirname, '../../..');
const mantineEsm = join(root, 'node_modules/@mantine/core/esm');
const mantineStyles = join(root, 'node_modules/@mantine/core/styles');
const aliases: Record<string, string> = { '@/': join(root, 'client/src/'), '@domain/': join(root, 'server/src/domain/') };

/** Mantine's exported names -> the module that defines them. */
function mantineExports(): Map<string, string> {
  const index = readFileSync(join(mantineEsm, 'index.mjs'), 'utf8');
  const names = new Map<string, string>();
  for (const [, list, from] of index.matchAll(/import \{([^}]+)\} from "([^"]+)"/g)) {
    for (const name of list.split(',')) names.set(name.trim().split(/\s+as\s+/)[0], resolve(mantineEsm, from));
  }
  return names;
}

function resolveSource(from: string, specifier: string): string | null {
  const alias = Object.keys(aliases).find((prefix) => specifier.startsWith(prefix));
  const base = alias ? join(aliases[alias], specifier.slice(alias.length)) : resolve(dirname(from), specifier);
  const candidate = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
    .map((ext) => base + ext)
    .find((file) => existsSync(file) && statSync(file).isFile());
  return candidate && /\.tsx?$/.test(candidate) ? candidate : null;
}

const staticImport = /^\s*import\s+(?!type\b)(?:[^'";]*?\s+from\s+)?'([^']+)'/gm;
const mantineImport = /^\s*import\s+\{([^}]+)\}\s+from\s+'@mantine\/core'/gm;

/** Our modules reachable from `entries` by static imports: what loads with them. */
export function reachableModules(entries: string[]): string[] {
  const seen = new Set<string>();
  const queue = entries.map((entry) => join(root, entry));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(staticImport)) {
      if (!specifier.startsWith('.') && !Object.keys(aliases).some((prefix) => specifier.startsWith(prefix))) continue;
      const next = resolveSource(file, specifier);
      if (next) queue.push(next);
    }
  }
  return [...seen];
}

/** The names of @mantine/core's style sheets (without .css) the given modules need. */
export function mantineSheetsFor(modules: string[]): Set<string> {
  const exported = mantineExports();
  const queue: string[] = [];
  for (const file of modules) {
    for (const [, list] of readFileSync(file, 'utf8').matchAll(mantineImport)) {
      for (const raw of list.split(',')) {
        const name = raw.trim().replace(/^type\s+/, '');
        const source = !raw.trim().startsWith('type ') && exported.get(name.split(/\s+as\s+/)[0]);
        if (source) queue.push(source);
      }
    }
  }
  const sheets = new Set<string>();
  const seen = new Set<string>();
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const component = /components\/([^/]+)\//.exec(file)?.[1];
    if (component && existsSync(join(mantineStyles, `${component}.css`))) sheets.add(component);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/from "(\.[^"]+)"/g)) queue.push(resolve(dirname(file), specifier));
  }
  return sheets;
}

/** The component sheets a style sheet of ours @imports from @mantine/core/styles/. */
export function importedSheets(cssFile: string): Set<string> {
  const css = readFileSync(join(root, cssFile), 'utf8');
  return new Set([...css.matchAll(/@import\s+'@mantine\/core\/styles\/([A-Za-z]+)\.css'/g)].map(([, name]) => name));
}
