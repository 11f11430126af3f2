import { describe, expect, it } from 'vitest';

/**
 * The web app's form and dialog rules (docs/decisions/0010), checked against the source:
 * - every form is built with `useZodForm` (react-hook-form with the form's zod schema);
 * - every component that holds a form or a dialog has a component test that imports it.
 */

/** Every component's text, by path ('../features/x/y.tsx'; this folder's own files are './y.tsx'). */
const FILES = Object.entries(import.meta.glob<string>('../**/*.tsx', { query: '?raw', import: 'default', eager: true })).map(
  ([path, text]) => ({ path, text }),
);
const sources = FILES.filter((file) => !file.path.endsWith('.test.tsx'));
const tests = FILES.filter((file) => file.path.endsWith('.test.tsx'));

const basename = (path: string) => (path.split('/').pop() ?? '').replace(/\.tsx$/, '');

const holdsForm = (text: string) => /<form[\s>]/.test(text);
const holdsDialog = (text: string) => /<ModalDialog[\s>]|role="(alert)?dialog"/.test(text);
const usesFormLayer = (text: string) => /\buseZodForm\(|\bZodForm</.test(text);

/** Whether some component test imports the file (by its path, written with or without `.tsx`). */
function isTested(path: string): boolean {
  const name = basename(path);
  const imported = new RegExp(`/${name.replace(/[.-]/g, '\\$&')}(\\.tsx)?['"]`);
  return tests.some((test) => imported.test(test.text));
}

describe('forms and dialogs', () => {
  it('finds the forms and dialogs it checks', () => {
    expect(sources.filter((file) => holdsForm(file.text)).length).toBeGreaterThan(15);
    expect(sources.filter((file) => holdsDialog(file.text)).length).toBeGreaterThan(5);
  });

  it('builds every form with useZodForm', () => {
    const handWritten = sources.filter((file) => holdsForm(file.text) && !usesFormLayer(file.text)).map((file) => file.path);
    expect(handWritten).toEqual([]);
  });

  it('gives every form and dialog a component test', () => {
    const untested = sources
      .filter((file) => (holdsForm(file.text) || holdsDialog(file.text)) && !isTested(file.path))
      .map((file) => file.path);
    expect(untested).toEqual([]);
  });
});
