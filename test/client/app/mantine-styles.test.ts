import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { importedSheets, mantineSheetsFor, reachableModules } from '../support/mantine-css';

const clientSrc = resolve(__dirname, '../../../client/src');

function everyModule(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return everyModule(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

const shellSheets = importedSheets('client/src/styles/mantine-shell.css');
const componentSheets = importedSheets('client/src/styles/mantine-components.css');

// The client imports Mantine's styles per component instead of all of them; a component used
// without its sheet would render unstyled, so these fail and name the sheet to add.
describe('Mantine style sheets', () => {
  test('the first paint (entry modules and the landing page) has the sheets of every component it shows', () => {
    const needed = mantineSheetsFor(reachableModules(['client/src/main.tsx', 'client/src/app/routes/home.tsx']));
    const missing = [...needed].filter((sheet) => !shellSheets.has(sheet));
    expect(missing).toEqual([]);
  });

  test('every component the client uses has its sheet in mantine-shell.css or mantine-components.css', () => {
    const needed = mantineSheetsFor(everyModule(clientSrc));
    const missing = [...needed].filter((sheet) => !shellSheets.has(sheet) && !componentSheets.has(sheet));
    expect(missing).toEqual([]);
  });

  // Sheets of the same specificity override in order: Button's background must come after
  // UnstyledButton's reset, Radio's label layout needs InlineInput. Mantine's styles.css has them
  // in the order they are written for.
  test('the sheets are listed in the order of Mantine styles.css, with the ones they build on', () => {
    const mantine = resolve(__dirname, '../../../node_modules/@mantine/core');
    const full = readFileSync(join(mantine, 'styles.css'), 'utf8');
    const at = (name: string) =>
      full.indexOf(
        readFileSync(join(mantine, 'styles', `${name}.css`), 'utf8')
          .trim()
          .slice(0, 60),
      );
    for (const sheets of [shellSheets, componentSheets]) {
      const listed = [...sheets];
      expect(listed.every((name) => at(name) >= 0)).toBe(true);
      expect(listed).toEqual([...listed].sort((a, b) => at(a) - at(b)));
    }
    const all = new Set([...shellSheets, ...componentSheets]);
    if (all.has('Checkbox') || all.has('Radio') || all.has('Switch')) expect(all.has('InlineInput')).toBe(true);
    if (all.has('Button') || all.has('ActionIcon'))
      expect([...shellSheets][0 + [...shellSheets].indexOf('UnstyledButton')]).toBe('UnstyledButton');
  });
});
